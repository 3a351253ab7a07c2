import type { Locator, Page } from '@playwright/test';
import { ui } from './browser.js';

// How the browser tests find their way around the console: by role and accessible name, as a person using
// a screen reader would. The names the contract fixes (Email, Password, Sign in, Reply, Send, subjects as
// links) are matched exactly; the rest by the words a person would look for.

/** The queue (the console's start page). */
export async function openQueue(page: Page): Promise<void> {
  await page.goto('/app/');
  await ui(page.getByRole('main')).toBeVisible();
}

/** A ticket's subject as a link in a list. */
export const ticketLink = (page: Page, subject: string): Locator =>
  page.getByRole('link', { name: subject, exact: true });

export const replyBox = (page: Page): Locator => page.getByRole('textbox', { name: 'Reply', exact: true });
export const sendButton = (page: Page): Locator => page.getByRole('button', { name: 'Send', exact: true });

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
  await page
    .getByRole('tab', { name: /^(internal )?note$/i })
    .or(page.getByRole('radio', { name: /^(internal )?note$/i }))
    .or(page.getByRole('button', { name: /^(internal )?note$/i }))
    .first()
    .click();
  const box = page.getByRole('textbox', { name: /note/i });
  await box.fill(text);
  await page.getByRole('button', { name: /^(add note|save note|add|send)$/i }).click();
}

export const assignToMeButton = (page: Page): Locator => page.getByRole('button', { name: /assign to me/i });

/** Signs out from wherever the console offers it (a button, or an item of the account menu). */
export async function signOut(page: Page): Promise<void> {
  const direct = page.getByRole('button', { name: /^(sign out|log out)$/i });
  if (!(await direct.isVisible())) {
    await page
      .getByRole('button', { name: /account|profile|user menu|me$/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /^(sign out|log out)$/i }).click();
  } else await direct.click();
  await page.waitForURL(/\/app\/login/);
}

/** The sign-in form's error (an alert). */
export const signInError = (page: Page): Locator => page.getByRole('alert');
