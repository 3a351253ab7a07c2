import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, expect as playwrightExpect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Dialect } from '../../src/db/database.js';
import {
  apiCall,
  expectStatus,
  firstStartSecrets,
  startServerProcess,
  type ApiAnswer,
  type ServerProcess,
} from './browser-server.js';
import { isCI } from './ci.js';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './harness.js';
import { ticketBody } from './ticket-fixtures.js';

export type { ApiAnswer, ServerProcess } from './browser-server.js';

// Browser tests drive the console in Debian's Chromium through Playwright's API (no browser is ever
// downloaded), against a real `serve` process per suite on a database of its own. One browser per test
// file; a browser context per signed-in person.

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** CHROMIUM_PATH when set, else the first of the Debian binaries that exists; null when there is none. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Playwright's web-first assertions (they retry until the page matches), with room for a busy machine. */
export const ui = playwrightExpect.configure({ timeout: 10_000 });

/** A staff member who can sign in. */
export interface Staff {
  id: string;
  email: string;
  name: string;
  password: string;
  role: 'admin' | 'agent';
}

export interface BrowserSuite {
  dialect: Dialect;
  browser: Browser;
  server: ServerProcess;
  dbUrl: string;
  /** The full-scope key the first start printed. */
  apiKey: string;
  /** The setup link the first start printed (fails the caller when there was none). */
  setupUrl(): string;
  /** A JSON request with the API key. */
  api<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  /** A page in a fresh browser context (its own cookies: one person). Closed when the suite ends. */
  newPage(): Promise<Page>;
  /** Signs in through the console's form and waits until it has left the sign-in page. */
  signIn(page: Page, email: string, password: string): Promise<void>;
  /** The first administrator, created once through the setup link's JSON route. */
  admin(): Promise<Staff>;
  /** A new staff member: invited with the API key, the invitation accepted with a password. */
  createAgent(options?: { name?: string; role?: 'admin' | 'agent' }): Promise<Staff>;
  /** Creates a ticket with the API key (ticketBody's defaults under the overrides); its data. */
  seedTicket(overrides?: Record<string, unknown>): Promise<any>;
  /** Another `serve` process on the same database (stopped when the suite ends). */
  startAnotherServer(): Promise<ServerProcess>;
}

export interface BrowserSuiteOptions {
  dialects?: readonly Dialect[];
  /** Environment of the server processes. */
  env?: Record<string, string>;
}

export const PASSWORD = 'correct horse battery staple';
export const uniqueSuffix = () => randomBytes(3).toString('hex');

let sharedBrowser: Promise<Browser> | null = null;
let skipNoticePrinted = false;

function launchSharedBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error(
      `Chromium is required here but none was found (looked at ${CHROMIUM_CANDIDATES.join(', ')}; CHROMIUM_PATH overrides): ` +
        'install Debian\'s package, e.g. "apt-get install chromium-headless-shell"',
    );
  sharedBrowser ??= chromium.launch({ executablePath, headless: true });
  return sharedBrowser;
}

/** Where the console left a person after signing in: any page of it but the sign-in form. */
const leftSignIn = (url: URL) =>
  url.pathname.startsWith('/app') && !/\/(login|setup|accept|reset)\b/.test(url.pathname);

/**
 * Declares the suite once per dialect ("sqlite: title", "postgres: title"), each with its own database and
 * `serve` process. Without Chromium the suites are skipped with a notice, or fail under CI.
 */
export function describeBrowser(
  title: string,
  body: (suite: BrowserSuite) => void,
  options: BrowserSuiteOptions = {},
): void {
  const noChromium = chromiumPath() === null;
  if (noChromium && !isCI() && !skipNoticePrinted) {
    skipNoticePrinted = true;
    process.stdout.write(
      `\n*** No Chromium at ${CHROMIUM_CANDIDATES.join(' or ')} (CHROMIUM_PATH overrides): the browser tests are SKIPPED. ***\n` +
        "*** Install Debian's chromium-headless-shell to run them. ***\n\n",
    );
  }
  afterAll(async () => {
    const browser = sharedBrowser;
    sharedBrowser = null;
    await (await browser?.catch(() => null))?.close();
  });
  for (const dialect of options.dialects ?? DIALECTS) {
    const skip = (noChromium && !isCI()) || (dialect === 'postgres' && !postgresAvailable());
    // One retry: a real browser on a loaded 2-core machine now and then misses its moment. A test that
    // passes only on its retry is listed by the run (no-skip-reporter.ts), never hidden.
    describe.skipIf(skip)(`${dialect}: ${title}`, { timeout: 60_000, retry: 1 }, () => {
      const suite = {} as BrowserSuite;
      let testDb: TestDatabase | undefined;
      const servers: ServerProcess[] = [];
      const contexts: BrowserContext[] = [];
      let admin: Promise<Staff> | null = null;

      beforeAll(async () => {
        const [browser, db] = await Promise.all([launchSharedBrowser(), createTestDatabase(dialect)]);
        testDb = db;
        const server = await startServerProcess(db.url, options.env);
        servers.push(server);
        const { apiKey, setupUrl } = firstStartSecrets(server.output());
        const app = await fetch(`${server.base}/app/`, { headers: { accept: 'text/html' } });
        if (app.status !== 200 || !(app.headers.get('content-type') ?? '').includes('text/html'))
          throw new Error(
            `GET /app/ answered ${app.status} (${app.headers.get('content-type')}), not the console's page: ` +
              `is the console built (npm run build -w @helpdesk/console)? ${(await app.text()).slice(0, 300)}`,
          );
        const api = <T = any>(method: string, path: string, payload?: unknown, headers?: Record<string, string>) =>
          apiCall<T>(server.base, method, path, { token: apiKey, body: payload, headers });
        Object.assign(suite, {
          dialect,
          browser,
          server,
          dbUrl: db.url,
          apiKey,
          setupUrl() {
            if (!setupUrl)
              throw new Error(`the first start printed no setup link; output:\n${server.output().slice(0, 4000)}`);
            return setupUrl;
          },
          api,
          async newPage() {
            const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1280, height: 800 } });
            context.setDefaultTimeout(10_000);
            contexts.push(context);
            return context.newPage();
          },
          async signIn(page, email, password) {
            await page.goto('/app/login');
            await page.getByLabel('Email', { exact: true }).fill(email);
            await page.getByLabel('Password', { exact: true }).fill(password);
            await page.getByRole('button', { name: 'Sign in', exact: true }).click();
            await page.waitForURL(leftSignIn);
          },
          admin() {
            admin ??= (async () => {
              const token = new URL(suite.setupUrl()).searchParams.get('token');
              const staff = { email: `admin-${uniqueSuffix()}@staff.example`, name: 'Ada Admin', password: PASSWORD };
              const res = await apiCall(server.base, 'POST', '/api/v1/auth/setup', { body: { token, ...staff } });
              expectStatus(res, 201, 'POST /api/v1/auth/setup');
              return { ...staff, id: res.body.data.user.id, role: 'admin' as const };
            })();
            return admin;
          },
          async createAgent(opts = {}) {
            const suffix = uniqueSuffix();
            const name = opts.name ?? `Agent ${suffix}`;
            const email = `agent-${suffix}@staff.example`;
            const role = opts.role ?? 'agent';
            const invited = expectStatus(
              await api('POST', '/api/v1/invitations', { email, role }),
              201,
              'POST /api/v1/invitations',
            );
            const token = new URL(invited.body.data.accept_url).searchParams.get('token');
            const accepted = await apiCall(server.base, 'POST', '/api/v1/auth/accept-invitation', {
              body: { token, name, password: PASSWORD },
            });
            expectStatus(accepted, 201, 'POST /api/v1/auth/accept-invitation');
            return { id: accepted.body.data.user.id, email, name, password: PASSWORD, role };
          },
          async seedTicket(overrides = {}) {
            const res = await api('POST', '/api/v1/tickets', ticketBody(overrides));
            return expectStatus(res, 201, 'POST /api/v1/tickets').body.data;
          },
          async startAnotherServer() {
            const another = await startServerProcess(db.url, options.env);
            servers.push(another);
            return another;
          },
        } satisfies BrowserSuite);
      });
      afterAll(async () => {
        await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
        await Promise.all(servers.splice(0).map((server) => server.stop()));
        await testDb?.drop();
      });
      body(suite);
    });
  }
}

/**
 * Runs axe-core on the page as it is and fails on any violation of impact serious or critical, listing each
 * rule with the elements it found.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const listed = serious.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`);
    return `  - ${v.id} (${v.impact}): ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
  });
  throw new Error(
    `${where} (${page.url()}): ${serious.length} serious or critical accessibility violation(s):\n${listed.join('\n')}`,
  );
}

/** Marks the page's document so a later check can tell whether it was reloaded (a reload clears the mark). */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  const mark = `m${uniqueSuffix()}`;
  await page.evaluate((m) => {
    (window as unknown as { __documentMark?: string }).__documentMark = m;
  }, mark);
  return () => page.evaluate((m) => (window as unknown as { __documentMark?: string }).__documentMark === m, mark);
}
