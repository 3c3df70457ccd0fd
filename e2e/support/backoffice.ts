import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from './test.js';
import { E2E_DATABASE_URL } from './stack.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A staff member as the journey knows them: who, and the authenticator key their setup enrolled. */
export interface StaffMember {
  email: string;
  name: string;
  password: string;
  secret: string;
}

/** The back office's command line on the e2e stack's database (what the business runs for its first manager). */
async function backofficeCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['services/orders/dist/backoffice/cli.js', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, PUBLIC_URL: 'http://localhost' },
  });
  return stdout;
}

/** `staff create`: the one-time setup link's path it printed. */
export async function createStaffFromCli(email: string, name: string, role: 'sales' | 'manager'): Promise<string> {
  const stdout = await backofficeCli(['staff', 'create', '--email', email, '--name', name, '--role', role]);
  const url = stdout.split('\n').find((line) => line.includes('/admin/setup?token='));
  if (!url) throw new Error(`staff create printed no setup link:\n${stdout}`);
  const link = new URL(url.trim());
  return `${link.pathname}${link.search}`;
}

/** The authenticator app: the current code of a key (RFC 6238, as the setup page enrolled it). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
}

/**
 * A code of a step not used yet: the server takes each 30-second step once, and a journey signs in
 * more than once a minute, so a second sign-in waits for the next step (as a person would).
 */
export async function freshCode(page: Page, secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totpCode(secret);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await page.waitForTimeout(1000);
  }
}

/** Opens a setup link, enrols the key shown, chooses the password, keeps the recovery codes: signed in. */
export async function completeSetup(page: Page, setupPath: string, password: string, used: Set<string>): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(setupPath);
  const key = page.getByTestId('totp-secret');
  await expect(key).toBeVisible();
  const secret = (await key.textContent())!.replace(/\s+/g, '');
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Authentication code').fill(await freshCode(page, secret, used));
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: /I have saved them/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { secret, recoveryCodes };
}

/** Signs in on /admin/sign-in with the authenticator's current (unused) code. */
export async function signIn(page: Page, staff: StaffMember, used: Set<string>, returnTo?: string): Promise<void> {
  await signInWithCode(page, staff, await freshCode(page, staff.secret, used), returnTo);
}

/** Signs in on /admin/sign-in with `code` in the code field: an authenticator code, or a recovery code. */
export async function signInWithCode(page: Page, staff: StaffMember, code: string, returnTo?: string): Promise<void> {
  await page.goto(returnTo ? `/admin/sign-in?returnTo=${encodeURIComponent(returnTo)}` : '/admin/sign-in');
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new manager of the e2e stack, set up in `page`'s browser (the back office's first-run path): signed in, on the dashboard. */
export async function newSignedInManager(page: Page, tag = 'e2e'): Promise<StaffMember> {
  const email = `manager.${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
  const staff: StaffMember = { email, name: 'Eve Manager', password: 'a manager password 2026', secret: '' };
  staff.secret = (await completeSetup(page, await createStaffFromCli(email, staff.name, 'manager'), staff.password, new Set())).secret;
  return staff;
}

/** A tag of this test's own for e-mails and names: tests share the stack and run side by side. */
export const uniqueTag = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A staff member set up in a browser, with the ten recovery codes their setup showed once. */
export interface SetUpMember extends StaffMember {
  role: 'sales' | 'manager';
  recoveryCodes: string[];
}

/**
 * A new staff member of `role`, made with the command line's `staff create` and set up in `page`'s
 * browser (the one-time link, a password, the authenticator's code): signed in there, on the dashboard.
 */
export async function newMember(page: Page, role: 'sales' | 'manager', tag: string, name = role === 'manager' ? 'Eve Manager' : 'Sam Sales'): Promise<SetUpMember> {
  const email = `${role}.${tag}.${uniqueTag()}@example.com`;
  const member: SetUpMember = { email, name, password: `a ${role} password 2026`, secret: '', role, recoveryCodes: [] };
  const setup = await completeSetup(page, await createStaffFromCli(email, name, role), member.password, new Set());
  member.secret = setup.secret;
  member.recoveryCodes = setup.recoveryCodes;
  return member;
}
