import type { Page } from '@playwright/test';
import { beforeAll, expect, it } from 'vitest';
import { describeBrowser, expectAccessible, ui, uniqueSuffix, type Staff } from './support/browser.js';
import {
  chooseFromMenu,
  openTicket,
  recordCspViolations,
  replyBox,
  ticketLink,
  waitUntilLive,
} from './support/console-page.js';

// The queue views the API filters (Unassigned, My teams), the assign menu (Me, Unassigned, anyone, any
// team; opened with `a`), the page's Content-Security-Policy while a dialog locks the page's scroll, and
// the administration pages' confirmed deletes.

describeBrowser('queue views, the assign menu and the page policy', (suite) => {
  let agent: Staff;
  let colleague: Staff;
  let team: { id: string; name: string };
  let otherTeam: { id: string; name: string };
  let page: Page;
  let violations: () => Promise<string[]>;
  const listRequests: string[] = [];

  const ticket = (id: string) => suite.api('GET', `/api/v1/tickets/${id}`).then((r) => r.body.data);

  beforeAll(async () => {
    agent = await suite.createAgent({ name: 'Quinn Queue' });
    colleague = await suite.createAgent({ name: 'Cora Colleague' });
    team = (await suite.api('POST', '/api/v1/teams', { name: `Billing ${uniqueSuffix()}`, member_ids: [agent.id] }))
      .body.data;
    otherTeam = (await suite.api('POST', '/api/v1/teams', { name: `Returns ${uniqueSuffix()}` })).body.data;
    page = await suite.newPage();
    violations = await recordCspViolations(page);
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/tickets?')) listRequests.push(decodeURIComponent(request.url()));
    });
    await suite.signIn(page, agent.email, agent.password);
  });

  it('Unassigned and My teams list what the API filters, page by page', async () => {
    const tag = uniqueSuffix();
    const seed = async (subject: string, change: Record<string, unknown>) => {
      const created = await suite.seedTicket({ subject: `${subject} ${tag}` });
      if (Object.keys(change).length > 0) await suite.api('PATCH', `/api/v1/tickets/${created.id}`, change);
      return created;
    };
    await seed('Nobody has it', {});
    await seed('Colleague has it', { assignee_id: colleague.id });
    await seed('My team has it', { team_id: team.id, assignee_id: colleague.id });
    await seed('Other team has it', { team_id: otherTeam.id });

    listRequests.length = 0;
    await page.goto(`/app/?view=unassigned&status=OPEN&q=${tag}`);
    await ui(ticketLink(page, `Nobody has it ${tag}`)).toBeVisible();
    await ui(ticketLink(page, `Other team has it ${tag}`)).toBeVisible();
    await ui(ticketLink(page, `Colleague has it ${tag}`)).toHaveCount(0);
    await ui(ticketLink(page, `My team has it ${tag}`)).toHaveCount(0);
    expect(listRequests.some((url) => url.includes('assignee_id=none'))).toBe(true);
    await expectAccessible(page, 'the Unassigned view');

    await page.goto(`/app/?view=teams&status=OPEN&q=${tag}`);
    await ui(ticketLink(page, `My team has it ${tag}`)).toBeVisible();
    await ui(ticketLink(page, `Other team has it ${tag}`)).toHaveCount(0);
    await ui(ticketLink(page, `Nobody has it ${tag}`)).toHaveCount(0);
    expect(listRequests.some((url) => url.includes('team_id=mine'))).toBe(true);
  });

  it('a search that looks like a number, typed into the address, is searched as typed', async () => {
    // "17e868" is a number in JSON's eyes (Infinity); the address must hand it to the list as text.
    const tag = `${100 + Math.floor(Math.random() * 900)}e${100 + Math.floor(Math.random() * 900)}`;
    await suite.seedTicket({ subject: `Number-like ${tag}` });
    listRequests.length = 0;
    await page.goto(`/app/?view=all&status=OPEN&q=${tag}`);
    await ui(ticketLink(page, `Number-like ${tag}`)).toBeVisible();
    await ui(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
    expect(listRequests.some((url) => url.includes(`search=${tag}`))).toBe(true);
  });

  it('`a` opens the assign menu: a colleague, a team, then Unassigned, by keyboard alone', async () => {
    const created = await suite.seedTicket({ subject: `Assign me around ${uniqueSuffix()}` });
    await openTicket(page, created.id);
    await replyBox(page).blur();

    await page.keyboard.press('a');
    const menu = page.getByRole('menu');
    await ui(menu).toBeVisible();
    // Me first, then Unassigned, everyone else, and every team.
    await ui(menu.getByRole('menuitemradio').first()).toHaveText(`Me (${agent.name})`);
    await ui(menu.getByRole('menuitemradio').first()).toBeFocused();
    for (const name of ['Unassigned', colleague.name, team.name, otherTeam.name, 'No team'])
      await ui(menu.getByRole('menuitemradio', { name, exact: true })).toBeVisible();
    await chooseFromMenu(page, colleague.name);
    await expect.poll(async () => (await ticket(created.id)).assignee?.id ?? null).toBe(colleague.id);

    await page.keyboard.press('a');
    await chooseFromMenu(page, otherTeam.name);
    await expect.poll(async () => (await ticket(created.id)).team?.id ?? null).toBe(otherTeam.id);
    expect((await ticket(created.id)).assignee?.id).toBe(colleague.id);

    await page.keyboard.press('a');
    await chooseFromMenu(page, 'Unassigned');
    await expect.poll(async () => (await ticket(created.id)).assignee).toBeNull();
    expect((await ticket(created.id)).team?.id).toBe(otherTeam.id);

    await page.keyboard.press('a');
    await chooseFromMenu(page, 'Me');
    await expect.poll(async () => (await ticket(created.id)).assignee?.id ?? null).toBe(agent.id);
    await ui(page.getByRole('button', { name: `Assignee: Me (${agent.name}) · ${otherTeam.name}` })).toBeVisible();
  });

  it('a ticket made through the API says "via API"', async () => {
    const created = await suite.seedTicket({ subject: `Channel name ${uniqueSuffix()}` });
    await openTicket(page, created.id);
    await ui(page.getByText(/· via API$/)).toBeVisible();
  });

  it('no CSP violation while a dialog locks the page; its style carries the nonce', async () => {
    await page.goto('/app/?view=all&status=OPEN');
    await ui(page.getByRole('heading', { name: 'Tickets' })).toBeAttached();
    await page.keyboard.press('?');
    await ui(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    // The scroll lock's <style> was admitted: the page behind no longer scrolls.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.nonce ?? ''));
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.every((nonce) => nonce.length > 0)).toBe(true);
    expect(await violations()).toEqual([]);
    await page.keyboard.press('Escape');
    await ui(page.getByRole('dialog')).toBeHidden();
    expect(await violations()).toEqual([]);
  });

  it('an administrator deletes a tag only once the question is confirmed', async () => {
    const admin = await suite.admin();
    const adminPage = await suite.newPage();
    await suite.signIn(adminPage, admin.email, admin.password);
    const name = `old-${uniqueSuffix()}`;
    const tag = (await suite.api('POST', '/api/v1/tags', { name })).body.data;
    const stored = async () => (await suite.api('GET', `/api/v1/tags/${tag.id}`)).status;
    await adminPage.goto('/app/admin/tags');
    const row = adminPage.getByRole('listitem').filter({ hasText: name });
    adminPage.once('dialog', (dialog) => void dialog.dismiss());
    await row.getByRole('button', { name: 'Delete' }).click();
    expect(await stored()).toBe(200);
    const asked: string[] = [];
    adminPage.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(stored).toBe(404);
    expect(asked).toEqual([`Delete tag ${name}?`]);
    await ui(row).toHaveCount(0);
  });

  it('tickets are read ahead: the row under the cursor as the list shows and a row the pointer rests on, no other; the click then reads nothing again', async () => {
    // A word, never a number: a suffix such as 17e868 reads as one in a search.
    const tag = `ahead${uniqueSuffix()}`;
    // Created oldest first; the list shows newest first, so "Ahead 2" is the top row, under the cursor.
    const t: { id: string }[] = [];
    for (let i = 0; i < 3; i++) t.push(await suite.seedTicket({ subject: `Ahead ${i} ${tag}` }));
    const aheadPage = await suite.newPage();
    const reads: string[] = [];
    aheadPage.on('request', (request) => {
      const read = /\/api\/v1\/tickets\/([0-9a-f-]{36}(?:\/notes)?)$/.exec(new URL(request.url()).pathname);
      if (read && request.method() === 'GET') reads.push(read[1]);
    });
    await suite.signIn(aheadPage, agent.email, agent.password);
    await aheadPage.goto(`/app/?view=all&status=OPEN&q=${encodeURIComponent(tag)}`);
    await ui(ticketLink(aheadPage, `Ahead 0 ${tag}`)).toBeVisible();
    await expect.poll(() => reads.includes(t[2].id) && reads.includes(`${t[2].id}/notes`)).toBe(true);
    // Once live, nothing the stream says makes the read-ahead stale (a resume from nothing resets caches).
    await waitUntilLive(aheadPage);

    await ticketLink(aheadPage, `Ahead 0 ${tag}`).hover();
    await expect.poll(() => reads.filter((r) => r.startsWith(t[0].id)).sort()).toEqual([t[0].id, `${t[0].id}/notes`]);
    expect(reads.some((r) => r.startsWith(t[1].id))).toBe(false);
    const before = reads.filter((r) => r === t[0].id).length;

    await ticketLink(aheadPage, `Ahead 0 ${tag}`).click();
    await ui(aheadPage.getByRole('heading', { name: `Ahead 0 ${tag}` })).toBeVisible();
    await ui(replyBox(aheadPage)).toBeVisible();
    expect(reads.filter((r) => r === t[0].id)).toHaveLength(before);
  });
});
