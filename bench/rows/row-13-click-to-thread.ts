import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { addRow, auth, ms, percentile, type Ctx } from '../context.js';
import { cli, serviceEnv } from '../procs.js';

// Row 13 (SQLite): a person signed in to the console clicks a ticket's subject in the list; measured from
// the click until the thread shows the ticket's messages (headless Chromium through Playwright, so the
// browser's own work counts). Each click opens a ticket of another page of the open list, so every
// ticket is read from the database once, never from the browser's cache.

const CLICKS = 40;
const GOAL_MS = 150;
const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const PASSWORD = 'bench console password';

/** A staff user with a password, signed in through the console's own form. */
async function signIn(ctx: Ctx, page: Page): Promise<void> {
  const email = `console-${process.pid}@bench.example`;
  const created = await fetch(`${ctx.base}/api/v1/users`, {
    method: 'POST',
    headers: { ...auth(ctx), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Agent', email, role: 'agent' }),
  });
  if (created.status !== 201) throw new Error(`POST /users: ${created.status} ${await created.text()}`);
  const link = (
    await cli(['users', 'reset-link', '--org', ctx.db.organizationId, '--email', email], serviceEnv(ctx.db.url))
  ).trim();
  const token = new URL(link).searchParams.get('token');
  const reset = await fetch(`${ctx.base}/api/v1/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: PASSWORD }),
  });
  if (reset.status !== 200) throw new Error(`reset-password: ${reset.status}`);
  await page.goto('/app/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/app/login'));
}

export async function clickToThreadRow(ctx: Ctx): Promise<void> {
  const executablePath = process.env.CHROMIUM_PATH ?? CHROMIUM.find((p) => existsSync(p));
  if (!executablePath) {
    process.stderr.write('  row 13 skipped: no Chromium (CHROMIUM_PATH)\n');
    return;
  }
  const browser = await chromium.launch({ executablePath });
  try {
    const context = await browser.newContext({ baseURL: ctx.base, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(ctx, page);
    const open = await fetch(`${ctx.base}/api/v1/tickets?status=OPEN&limit=25`, { headers: auth(ctx) });
    const pages = ((await open.json()) as { meta: { pagination: { total_pages: number } } }).meta.pagination
      .total_pages;
    const times: number[] = [];
    const opened: string[] = [];
    for (let k = 0; k < CLICKS + 3; k++) {
      // Pages spread over the list (the console's pages hold 25 tickets, as this count does).
      await page.goto(`/app/?view=all&status=OPEN&page=${1 + ((k * 7919) % Math.min(pages, 400))}`);
      const link = page.locator('.ticket-list li a').first();
      await link.waitFor();
      const subject = (await link.textContent()) ?? '';
      const href = (await link.getAttribute('href')) ?? '';
      const started = performance.now();
      await link.click();
      // The thread with its messages and the reply box: the ticket is on screen and can be answered.
      await page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').first().waitFor();
      await page.getByRole('textbox', { name: 'Reply', exact: true }).waitFor();
      const took = performance.now() - started;
      if (!(await page.getByRole('heading', { name: subject.trim() }).count()))
        throw new Error('another ticket opened');
      // The first clicks warm the browser's compiled code; they are shown, not counted.
      if (k >= 3) {
        times.push(took);
        opened.push(href.split('/').pop()!);
      }
    }
    // The same tickets read through the API alone, for the share of the server in a click.
    const reads: number[] = [];
    for (const id of opened) {
      const t0 = performance.now();
      const res = await fetch(`${ctx.base}/api/v1/tickets/${id}`, { headers: auth(ctx) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /tickets/${id}: ${res.status}`);
      reads.push(performance.now() - t0);
    }
    reads.sort((a, b) => a - b);
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    addRow(ctx, {
      n: 13,
      scenario: `console: click a ticket in the list until its thread shows (${CLICKS} clicks, Chromium)`,
      product: `p95 ${ms(p95)} (p50 ${ms(percentile(sorted, 50))}, max ${ms(sorted.at(-1)!)}; the same tickets by GET /tickets/{id} alone: p95 ${ms(percentile(reads, 95))})`,
      baseline: '—',
      ratio: '—',
      goal: `p95 < ${GOAL_MS} ms`,
      met: p95 < GOAL_MS,
    });
  } finally {
    await browser.close();
  }
}
