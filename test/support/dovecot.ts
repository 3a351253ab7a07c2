import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { isCI } from './ci.js';
import { freePort } from './ports.js';

// A private Dovecot IMAP server for tests (Debian package dovecot-imapd): its own directory with a
// config, a passwd-file of users and their maildirs, listening on a free port of 127.0.0.1 with
// plain-text login allowed (loopback only, no TLS). Tests add users, append mail with imapflow and read
// the flags back; stop() and start() cut every connection and bring the server back on the same port.
// `.ci/run` installs the package when it is missing; under CI a missing server fails the tests.

export const DOVECOT_CANDIDATES = ['/usr/sbin/dovecot'];

/** DOVECOT_PATH when set, else dovecot on PATH or at Debian's /usr/sbin/dovecot; null when there is none. */
export function dovecotPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = env.DOVECOT_PATH
    ? [env.DOVECOT_PATH]
    : [
        ...(env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .map((dir) => join(dir, 'dovecot')),
        ...DOVECOT_CANDIDATES,
      ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

let noticePrinted = false;

/** True when the IMAP suites are to be skipped: no Dovecot here, outside CI (with a notice). */
export function skipWithoutDovecot(): boolean {
  if (dovecotPath() !== null || isCI()) return false;
  if (!noticePrinted) {
    noticePrinted = true;
    process.stdout.write(
      `\n*** No Dovecot at ${DOVECOT_CANDIDATES.join(' or ')} (DOVECOT_PATH overrides): the IMAP tests are SKIPPED. ***\n` +
        "*** Install Debian's dovecot-imapd to run them. ***\n\n",
    );
  }
  return true;
}

export interface ImapUser {
  username: string;
  password: string;
}

export interface StoredMessage {
  uid: number;
  seen: boolean;
  messageId: string | null;
  subject: string | null;
}

export interface Dovecot {
  host: string;
  port: number;
  /** A new user with an empty INBOX (the password is random unless given). */
  addUser(password?: string): ImapUser;
  /** The `imap` settings of a mailbox polling this user's folder. */
  settings(user: ImapUser, folder?: string): Record<string, unknown>;
  /** A logged-in imapflow client of the user (the caller logs out). */
  client(user: ImapUser): Promise<ImapFlow>;
  /** Appends a raw message to the user's folder (created when missing), with the given flags. */
  append(user: ImapUser, raw: string | Buffer, options?: { folder?: string; flags?: string[] }): Promise<void>;
  /** The folder's messages with their \Seen flag, in UID order. */
  messages(user: ImapUser, folder?: string): Promise<StoredMessage[]>;
  /** Stops the server: every connection is cut. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same users and mail. */
  start(): Promise<void>;
  /** What Dovecot logged so far. */
  log(): string;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

/** Resolves once the server greets on the port ("* OK"), or rejects after timeoutMs. */
async function waitForGreeting(port: number, child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with code ${child.exitCode}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(1_000, () => socket.destroy());
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString('utf8').startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (greeted) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not greet on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Who mail processes run as: as root, nobody (Dovecot refuses root); otherwise the current user. */
function mailIdentity() {
  const me = userInfo();
  if (me.uid === 0) return { root: true, uid: 65534, gid: 65534, internalUser: 'dovecot', loginUser: 'dovenull' };
  return { root: false, uid: me.uid, gid: me.gid, internalUser: me.username, loginUser: me.username };
}

function configFor(dir: string, port: number, id: ReturnType<typeof mailIdentity>): string {
  return `# A private Dovecot for tests: loopback only, plain-text login, maildirs under ${dir}.
instance_name = helpdesk-test-${randomBytes(4).toString('hex')}
base_dir = ${dir}/run
state_dir = ${dir}/state
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = ${dir}/dovecot.log
mail_location = maildir:~/Maildir
first_valid_uid = ${Math.min(id.uid, 500)}
first_valid_gid = 0
default_internal_user = ${id.internalUser}
default_login_user = ${id.loginUser}
mailbox_idle_check_interval = 1 secs
shutdown_clients = yes
# One passwd-file per user: a file Dovecot has not read yet is always read afresh (a shared file is
# re-read by its modification time, in whole seconds, so a user added within the same second was missed).
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users/%u
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
}

export async function startDovecot(): Promise<Dovecot> {
  const binary = dovecotPath();
  if (!binary)
    throw new Error(
      `Dovecot is required here but none was found (looked at ${DOVECOT_CANDIDATES.join(', ')}; DOVECOT_PATH overrides): ` +
        'install Debian\'s package, e.g. "apt-get install dovecot-imapd"',
    );
  const id = mailIdentity();
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-dovecot-'));
  // Dovecot's login and auth processes run as other users: they must reach the directory.
  chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'home', 'users']) mkdirSync(join(dir, sub), { mode: 0o755 });
  const configFile = join(dir, 'dovecot.conf');
  const port = await freePort();
  writeFileSync(configFile, configFor(dir, port, id), { mode: 0o644 });
  let child: ChildProcess | null = null;
  let output = '';

  async function start(): Promise<void> {
    // A process group of its own: stop() ends the IMAP processes too, whose connections outlive the master.
    const proc = spawn(binary!, ['-F', '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child = proc;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-64 * 1024);
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    proc.on('error', (err) => {
      output += `\nspawn failed: ${String(err)}`;
    });
    try {
      await waitForGreeting(port, proc);
    } catch (err) {
      await stop();
      throw new Error(`${err instanceof Error ? err.message : String(err)}\n--- dovecot output ---\n${log()}`);
    }
  }

  async function stop(): Promise<void> {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const group = (signal: NodeJS.Signals) => {
      try {
        process.kill(-proc.pid!, signal);
      } catch {
        // the group is gone already
      }
    };
    group('SIGTERM');
    const timer = setTimeout(() => group('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    // Whatever is left of the group (IMAP processes serving a connection) goes too: every connection is cut.
    group('SIGKILL');
  }

  function log(): string {
    let file = '';
    try {
      file = readFileSync(join(dir, 'dovecot.log'), 'utf8');
    } catch {
      // not written yet
    }
    return `${output}${file}`;
  }

  async function client(user: ImapUser): Promise<ImapFlow> {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: user.username, pass: user.password },
      logger: false,
    });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  }

  await start();
  return {
    host: '127.0.0.1',
    port,
    addUser(password = randomBytes(9).toString('base64url')) {
      const username = `user${randomBytes(5).toString('hex')}`;
      const home = join(dir, 'home', username);
      mkdirSync(home, { mode: 0o700 });
      if (id.root) chownSync(home, id.uid, id.gid);
      writeFileSync(join(dir, 'users', username), `${username}:{PLAIN}${password}:${id.uid}:${id.gid}::${home}::\n`, {
        mode: 0o644,
      });
      return { username, password };
    },
    settings: (user, folder) => ({
      host: '127.0.0.1',
      port,
      tls: 'none',
      username: user.username,
      password: user.password,
      ...(folder ? { folder } : {}),
    }),
    client,
    async append(user, raw, options = {}) {
      const folder = options.folder ?? 'INBOX';
      const c = await client(user);
      try {
        if (folder !== 'INBOX') await c.mailboxCreate(folder).catch(() => undefined);
        const appended = await c.append(
          folder,
          typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw,
          options.flags ?? [],
        );
        if (!appended) throw new Error(`dovecot refused to append to ${folder}`);
      } finally {
        await c.logout().catch(() => undefined);
      }
    },
    async messages(user, folder = 'INBOX') {
      const c = await client(user);
      try {
        const opened = await c.mailboxOpen(folder, { readOnly: true });
        if (opened.exists === 0) return [];
        const list = await c.fetchAll('1:*', { uid: true, flags: true, envelope: true });
        return list
          .map((m) => ({
            uid: m.uid,
            seen: m.flags?.has('\\Seen') ?? false,
            messageId: m.envelope?.messageId ?? null,
            subject: m.envelope?.subject ?? null,
          }))
          .sort((a, b) => a.uid - b.uid);
      } finally {
        await c.logout().catch(() => undefined);
      }
    },
    stop,
    start,
    log,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
