import type { Locator, Page } from '@playwright/test';
import { expect } from 'vitest';
import { ui } from './browser.js';

// How the browser tests find their way around the console: by role and accessible name, as a person using
// a screen reader would. The names the contract fixes (Email, Password, Sign in, Reply, Send, subjects as
// links) are matched exactly; the rest by the words the console shows.

/** The queue's "All" view of open tickets (the console starts on "Mine"). */
export async function openQueue(page: Page): Promise<void> {
  await page.goto('/app/?view=all&status=OPEN');
  await ui(page.getByRole('heading', { name: 'Tickets' })).toBeAttached();
}

/** The live indicator says the event stream is open (what another person does from now on shows here). */
export async function waitUntilLive(page: Page): Promise<void> {
  await ui(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
}

/** A ticket's subject as a link in a list. */
export const ticketLink = (page: Page, subject: string): Locator =>
  page.getByRole('link', { name: subject, exact: true });

/** The queue's row under the keyboard cursor. */
export const activeRow = (page: Page): Locator => page.locator('.ticket-list li[aria-current="true"]');

export const replyBox = (page: Page): Locator => page.getByRole('textbox', { name: 'Reply', exact: true });
export const sendButton = (page: Page): Locator => page.getByRole('button', { name: 'Send', exact: true });

/** The thread of the open ticket, one list item per message or note. */
export const threadEntry = (page: Page, text: string): Locator =>
  page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: text });

/** Opens a ticket from the list by clicking its subject; waits for the reply box. */
export async function openTicketFromList(page: Page, subject: string): Promise<void> {
  await ticketLink(page, subject).click();
  await ui(replyBox(page)).toBeVisible();
}

/** Opens a ticket by its address. */
export async function openTicket(page: Page, ticketId: string): Promise<void> {
  await page.goto(`/app/tickets/${ticketId}`);
  await ui(replyBox(page)).toBeVisible();
}

export async function sendReply(page: Page, text: string): Promise<void> {
  await replyBox(page).fill(text);
  await sendButton(page).click();
}

/** Switches the composer to an internal note, writes it and adds it. */
export async function addNote(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Internal note', exact: true }).click();
  await page.getByRole('textbox', { name: 'Internal note', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add note', exact: true }).click();
}

/** The ticket's "Assign to me" button. */
export async function assignToMe(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Assign to me', exact: true }).click();
}

/** With a menu open (by its shortcut), arrows down to the item whose text starts with `text` and takes it. */
export async function chooseFromMenu(page: Page, text: string): Promise<void> {
  const menu = page.getByRole('menu');
  await ui(menu).toBeVisible();
  // The menu takes the focus as it opens; arrows pressed before then would go to the page.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);
  // The menu lists every colleague and team, so it can be long, and its teams may arrive after it opens:
  // walk it far enough, and fail rather than choose whatever has the focus when the item is not there.
  let found = false;
  for (let step = 0; step < 60 && !found; step++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    found = focused.toLowerCase().startsWith(text.toLowerCase());
    if (!found) await page.keyboard.press('ArrowDown');
  }
  if (!found) throw new Error(`the menu has no item starting with "${text}"`);
  await page.keyboard.press('Enter');
  await ui(menu).toBeHidden();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(/\/app\/login/);
}

/** The sign-in form's error (an alert). */
export const signInError = (page: Page): Locator => page.getByRole('alert');

/**
 * Waits until the page shows text matching the pattern, as text or as the value of a (read-only) field, and
 * returns the match: links and secrets shown once for copying.
 */
export async function shownText(page: Page, pattern: RegExp): Promise<string> {
  const found = await page.waitForFunction(
    ({ source, flags }) => {
      const re = new RegExp(source, flags);
      const fields = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value);
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, with breaks between blocks (textContent runs a link into the text after it)
      for (const text of [document.body.innerText, ...fields]) {
        const match = re.exec(text);
        if (match) return match[0];
      }
      return null;
    },
    { source: pattern.source, flags: pattern.flags },
  );
  return (await found.jsonValue()) as string;
}

/** Records every CSP violation the page reports, from before its first script runs. */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  return async () => [
    ...logged,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}
