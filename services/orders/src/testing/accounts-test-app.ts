import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, accountRoutes, readCookie, type MailboxMessage } from '@storefront/contracts';
import { JobRunner } from '@storefront/service-kit';
import request from 'supertest';
import { EMAIL_QUEUE, PASSWORD_RESET_REQUEST_QUEUE, type OrdersJobs } from '../email/index.js';
import { startOrdersTestApp, type OrdersTestApp } from './orders-test-app.js';

/**
 * Test-only (excluded from the build): the orders app for the customer accounts' integration tests,
 * over real HTTP and PostgreSQL. E-mail workers are off (tests deliver with `deliverEmails`), and the
 * content has a From address for the reset e-mails. Every account and sign-in comes from its own
 * client address unless a test says otherwise, so the per-address limits stay out of the way.
 */
export interface AccountsTestApp extends OrdersTestApp {
  api(): ReturnType<typeof request>;
  /** a client address no other call of this file used */
  nextAddress(): string;
  /** does the queued forgot-password requests (their e-mails are then queued, not delivered) */
  processResetRequests(): Promise<void>;
  /** does the queued forgot-password requests, then delivers every queued e-mail */
  deliverEmails(): Promise<void>;
  mailbox(): Promise<MailboxMessage[]>;
}

export const PASSWORD = 'correct horse battery';

export async function startAccountsTestApp(): Promise<AccountsTestApp> {
  process.env.EMAIL_WORKER_ENABLED = 'false';
  const testApp = await startOrdersTestApp();
  const contentDir = process.env.CONTENT_DIR!;
  // read when the first e-mail is delivered (failures are not remembered, so writing it now is in time)
  await writeFile(
    path.join(contentDir, 'settings', 'notifications.json'),
    JSON.stringify({ adminEmails: ['orders@heartwood.example'], fromAddress: 'accounts@heartwood.example', fromName: 'Heartwood Cabinetry' }),
  );
  // each file starts somewhere else in 198.18.0.0/15 (a benchmarking range: never a real client)
  let next = Math.floor(Math.random() * 100_000);
  return {
    ...testApp,
    api: () => request(testApp.server),
    nextAddress: () => {
      const n = next++;
      return `198.${18 + (Math.floor(n / 62_500) % 2)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    },
    processResetRequests: async () => {
      await testApp.app.get<JobRunner<OrdersJobs>>(JobRunner).runDue(PASSWORD_RESET_REQUEST_QUEUE);
    },
    deliverEmails: async () => {
      const jobs = testApp.app.get<JobRunner<OrdersJobs>>(JobRunner);
      await jobs.runDue(PASSWORD_RESET_REQUEST_QUEUE);
      await jobs.runDue(EMAIL_QUEUE);
    },
    mailbox: async () => (await request(testApp.server).get('/dev/mailbox/messages.json').expect(200)).body as MailboxMessage[],
  };
}

/** The /register form's submission (content/forms/registration.json's fields). */
export function registrationBody(email: string, formData: Record<string, unknown> = {}) {
  return {
    name: 'registration',
    formData: {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      phone: '2125550100',
      password: PASSWORD,
      accountType: 'homeowner',
      address: { street: '350 5th Ave', addressCountry: 'US', addressState: 'NY', addressCity: 'New York', zip: '10118' },
      newsletter: false,
      ...formData,
    },
  };
}

let emailCount = 0;
/** An e-mail address no other test used. */
export function uniqueEmail(tag: string): string {
  emailCount += 1;
  return `${tag}-${process.pid}-${Date.now()}-${emailCount}@example.com`;
}

/** What a browser holds after an answer that set the session cookies. */
export interface Browser {
  customerId: string;
  email: string;
  /** the Cookie header it sends */
  cookie: string;
  /** the sf_csrf cookie's value, echoed as X-CSRF-Token on writes */
  csrf: string;
  address: string;
}

/** The Cookie header for the Set-Cookie lines of an answer (the cookies' values only). */
export function cookieHeaderOf(setCookie: string | string[] | undefined): string {
  return ([] as string[])
    .concat(setCookie ?? [])
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export function browserOf(answer: request.Response, email: string, address: string): Browser {
  const cookie = cookieHeaderOf(answer.headers['set-cookie']);
  const csrf = readCookie(cookie, CSRF_COOKIE);
  if (!csrf || !readCookie(cookie, SESSION_COOKIE)) throw new Error(`no session cookies in ${answer.status} ${JSON.stringify(answer.headers['set-cookie'])}`);
  return { customerId: answer.body.data.customerId as string, email, cookie, csrf, address };
}

/** A new account through POST /api/my-account/register, signed in. */
export async function register(app: AccountsTestApp, email = uniqueEmail('ann'), formData: Record<string, unknown> = {}): Promise<Browser> {
  const address = app.nextAddress();
  const answer = await app.api().post(accountRoutes.register.path).set('X-Forwarded-For', address).send(registrationBody(email, formData));
  if (answer.status !== 201) throw new Error(`register answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return browserOf(answer, email.toLowerCase(), address);
}

/** A write as the signed-in browser sends it: its cookies and its CSRF token. */
export function signedInWrite(call: request.Test, browser: Browser): request.Test {
  return call.set('X-Forwarded-For', browser.address).set('Cookie', browser.cookie).set(CSRF_HEADER, browser.csrf);
}
