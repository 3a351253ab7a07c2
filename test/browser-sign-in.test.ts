import type { Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, PASSWORD, ui, uniqueSuffix, type Staff } from './support/browser.js';
import { shownText, signInError, signOut } from './support/console-page.js';

// Signing in to the console in a browser: the setup link of the first start, the sign-in form, an
// invitation link, two-factor codes. What the browser shows is checked, and what the server stored
// through the API.

/** The TOTP code of the 30-second step that holds `at` (ms). */
const codeAt = (secret: string, at: number) => authenticator.clone({ epoch: at }).generate(secret);

describeBrowser('signing in to the console', (suite) => {
  let adminPage: Page;
  let admin: Omit<Staff, 'id'>;
  let invitee: Staff;

  it('the setup link creates the first administrator and lands signed in', async () => {
    adminPage = await suite.newPage();
    admin = {
      email: `first-${uniqueSuffix()}@staff.example`,
      name: 'Frances First',
      password: PASSWORD,
      role: 'admin',
    };
    await adminPage.goto(suite.setupUrl());
    await adminPage.getByLabel('Email', { exact: true }).fill(admin.email);
    await adminPage.getByLabel('Name', { exact: true }).fill(admin.name);
    await adminPage.getByLabel('Password', { exact: true }).fill(admin.password);
    await adminPage.getByRole('button', { name: /create|set up|continue|sign in/i }).click();
    await adminPage.waitForURL((url) => url.pathname.startsWith('/app') && !/setup|login/.test(url.pathname));
    await ui(adminPage.getByRole('link', { name: /tickets|queue|inbox/i }).first()).toBeVisible();

    // The session the page holds is the new administrator's.
    const session = await adminPage.request.get('/api/v1/auth/session');
    expect(session.status()).toBe(200);
    expect((await session.json()).data.user).toMatchObject({ email: admin.email, name: admin.name, role: 'admin' });
    const users = await suite.api('GET', '/api/v1/users?limit=100');
    expect(users.body.data.filter((u: { email: string }) => u.email === admin.email)).toHaveLength(1);
    // The link was for one use.
    const again = await adminPage.context().browser()!.newContext({ baseURL: suite.server.base });
    const token = new URL(suite.setupUrl()).searchParams.get('token');
    const reuse = await again.request.post('/api/v1/auth/setup', {
      data: { token, email: 'second@staff.example', name: 'Second', password: PASSWORD },
    });
    expect(reuse.status()).toBe(400);
    await again.close();
  });

  it('an invitation link made in the admin pages lets the invitee set a name and password and signs them in', async () => {
    const email = `invitee-${uniqueSuffix()}@staff.example`;
    await adminPage.goto('/app/admin/invitations');
    await expectAccessible(adminPage, 'the admin invitations page');
    await adminPage.getByLabel('Email', { exact: true }).fill(email);
    await adminPage.getByRole('button', { name: 'Invite', exact: true }).click();
    const acceptUrl = await shownText(adminPage, /https?:\/\/\S+\/app\/accept\?token=[^\s"'<>]+/);
    expect(new URL(acceptUrl).origin).toBe(suite.server.base);

    const page = await suite.newPage();
    await page.goto(acceptUrl);
    await page.getByLabel('Name', { exact: true }).fill('Ivy Invitee');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /accept|join|create|continue|sign in/i }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/app') && !/accept|login/.test(url.pathname));
    const session = await page.request.get('/api/v1/auth/session');
    expect(session.status()).toBe(200);
    const user = (await session.json()).data.user;
    expect(user).toMatchObject({ email, name: 'Ivy Invitee', role: 'agent' });
    invitee = { id: user.id, email, name: 'Ivy Invitee', password: PASSWORD, role: 'agent' };
    await page.context().close();
  });

  let twoFactor: { page: Page; secret: string; enrolledAt: number };

  it('two-factor: enrolling on the security page shows the secret as text and, once confirmed, recovery codes', async () => {
    const page = await suite.newPage();
    await suite.signIn(page, invitee.email, invitee.password);
    await page.goto('/app/security');
    await page.getByRole('button', { name: 'Set up two-factor sign-in', exact: true }).click();
    // The secret is shown as text (in the otpauth URL an authenticator app takes).
    const url = await shownText(page, /otpauth:\/\/totp\/[^\s"'<>]+/);
    const secret = new URL(url).searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    const enrolledAt = Date.now();
    await page.getByLabel('Code from the app', { exact: true }).fill(codeAt(secret, enrolledAt));
    await page.getByRole('button', { name: 'Confirm and turn on', exact: true }).click();
    await ui(page.getByRole('status').filter({ hasText: 'recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await signOut(page);
    expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
    twoFactor = { page, secret, enrolledAt };
  });

  it('the sign-in form refuses a wrong password with a visible error, then signs in with the right one', async () => {
    const page = await suite.newPage();
    await page.goto('/app/login');
    await expectAccessible(page, 'the sign-in page');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await ui(signInError(page)).toContainText(/password|invalid|incorrect/i);
    expect(new URL(page.url()).pathname).toMatch(/\/app\/login/);
    expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);

    await suite.signIn(page, admin.email, admin.password);
    expect((await page.request.get('/api/v1/auth/session')).status()).toBe(200);
    await page.context().close();
  });

  it('two-factor: after enrolling, signing in asks for a code and takes a fresh one', async () => {
    const { page, secret, enrolledAt } = twoFactor;
    await page.goto('/app/login');
    await page.getByLabel('Email', { exact: true }).fill(invitee.email);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const codeField = page.getByLabel('Two-factor code', { exact: true });
    await ui(codeField).toBeVisible();
    expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
    // A code is taken once, so the one that confirmed the enrolment cannot sign in: the current step's code
    // if the tests in between have passed into a new step, else the next step's (the service accepts one
    // step of clock drift, as an authenticator running a little ahead would give).
    const step = (at: number) => Math.floor(at / 30_000);
    const now = Date.now();
    const code = codeAt(secret, step(now) > step(enrolledAt) ? now : now + 30_000);
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/app') && !/login/.test(u.pathname));
    const session = await page.request.get('/api/v1/auth/session');
    expect(session.status()).toBe(200);
    expect((await session.json()).data.user.email).toBe(invitee.email);
    await page.context().close();
  });
});
