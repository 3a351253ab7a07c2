import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutDovecot, startDovecot, type Dovecot } from './support/dovecot.js';
import { postgresAvailable } from './support/harness.js';
import { rawMail, uniqueId } from './support/mail-fixtures.js';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.js';
import { eventually } from './support/webhook-receiver.js';

// IMAP polling by two compiled `serve` processes on one PostgreSQL database: each mailbox is polled by
// one of them at a time (a lease on its row), so every message is stored and made a ticket once; when
// a process stops, the other polls its mailboxes.

describe.skipIf(skipWithoutDovecot() || !postgresAvailable())('postgres: IMAP polling by two server processes', () => {
  let dovecot: Dovecot | undefined;
  let processes: ServerProcesses | undefined;

  beforeAll(async () => {
    dovecot = await startDovecot();
    processes = await startServerProcesses({ IMAP_POLL_SECONDS: '1' });
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await dovecot?.close();
  });

  const api = async (base: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${processes!.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const stored = (mailboxId: string) =>
    processes!.testDb.handle.db
      .selectFrom('inbound_emails')
      .select(['message_id', 'state', 'ticket_id'])
      .where('mailbox_id', '=', mailboxId)
      .execute();

  it('stores every message of a mailbox once, and keeps polling when one process stops', {
    timeout: 60_000,
  }, async () => {
    const { bases } = processes!;
    const users = [dovecot!.addUser(), dovecot!.addUser()];
    const boxes: { id: string; address: string }[] = [];
    for (const [i, user] of users.entries()) {
      const address = `imap-${uniqueId('box')}@example.com`.toLowerCase();
      const res = await api(bases[i]!, 'POST', '/mailboxes', {
        name: `Polled ${i}`,
        address,
        imap: dovecot!.settings(user),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      boxes.push({ id: res.body.data.id, address });
    }
    for (const [i, user] of users.entries()) {
      for (let n = 0; n < 4; n++) {
        await dovecot!.append(user, rawMail({ to: boxes[i]!.address, subject: `Box ${i} message ${n}` }));
      }
    }
    for (const [i, user] of users.entries()) {
      await eventually(async () => {
        const messages = await dovecot!.messages(user);
        return messages.length === 4 && messages.every((m) => m.seen);
      }, 30_000);
      const rows = await eventually(async () => {
        const list = await stored(boxes[i]!.id);
        return list.length === 4 && list.every((r) => r.state === 'done') ? list : null;
      }, 30_000);
      expect(new Set(rows.map((r) => r.message_id)).size).toBe(4);
      expect(new Set(rows.map((r) => r.ticket_id)).size).toBe(4);
    }
    const tickets = await api(bases[0]!, 'GET', '/tickets?limit=100');
    expect(tickets.body.data).toHaveLength(8);

    // One process goes; the mailboxes it polled are taken over by the other.
    await processes!.stopOne(0);
    for (const [i, user] of users.entries()) {
      await dovecot!.append(user, rawMail({ to: boxes[i]!.address, subject: `Box ${i} after the stop` }));
    }
    for (const box of boxes) {
      await eventually(async () => {
        const rows = await stored(box.id);
        return rows.length === 5 && rows.every((r) => r.state === 'done');
      }, 45_000);
    }
    const after = await api(bases[1]!, 'GET', '/tickets?limit=100');
    expect(after.body.data).toHaveLength(10);
  });
});
