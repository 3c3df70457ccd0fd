import { ACCOUNT_MESSAGES, CSRF_HEADER, accountRoutes, signedInResponseSchema } from '@storefront/contracts';
import { PASSWORD, browserOf, register, startAccountsTestApp, uniqueEmail, type AccountsTestApp, type Browser } from '../../testing/accounts-test-app.js';
import { AccountCleanupJob } from '../account-cleanup.job.js';

// Forgot password and reset password over HTTP on real PostgreSQL, with the reset link read from the
// local mailbox (/dev/mailbox) as a developer would.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const forgot = (email: string) => app.api().post(accountRoutes.forgotPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ email });
/** forgot password, then the job it queued */
const forgotAndProcess = async (email: string) => {
  const answer = await forgot(email).expect(202);
  await app.processResetRequests();
  return answer;
};
const reset = (token: string, password: string) =>
  app.api().post(accountRoutes.resetPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ token, password });
const signIn = (email: string, password: string) => app.api().post(accountRoutes.signIn.path).set('X-Forwarded-For', app.nextAddress()).send({ email, password });

/** The reset link of the newest e-mail to `email`, after delivering what is queued. */
async function linkInMailbox(email: string): Promise<URL> {
  await app.deliverEmails();
  const message = (await app.mailbox()).find((entry) => entry.to === email && entry.subject === 'Reset your password');
  if (!message) throw new Error(`no reset e-mail to ${email}`);
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no link in ${message.text}`);
  return new URL(link);
}

describe('forgot password', () => {
  it('answers 202 with the same words whether or not the e-mail has an account', async () => {
    const ann = await register(app);
    const known = await forgot(ann.email.toUpperCase()).expect(202);
    const unknown = await forgot(uniqueEmail('nobody')).expect(202);
    expect(known.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetLinkSent });
    expect(unknown.body).toEqual(known.body);
  });

  it("e-mails a link to the site's reset page; the token is stored only as a hash, and the e-mail record loses it once sent", async () => {
    const ann = await register(app);
    await forgot(ann.email).expect(202);
    const link = await linkInMailbox(ann.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8080/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [reset] = await app.db.query(`SELECT row_to_json(r)::text AS whole FROM orders.password_reset r WHERE customer_id = $1`, [ann.customerId]);
    expect(reset.whole).not.toContain(token);
    const outbox = await app.db.query(`SELECT html, text, status FROM orders.email_outbox WHERE kind = 'password-reset' AND recipient = $1`, [ann.email]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0].status).toBe('sent');
    expect(`${outbox[0].html}${outbox[0].text}`).not.toContain(token);
    const jobs = await app.db.query(`SELECT count(*)::int AS n FROM orders_jobs.job WHERE data::text LIKE $1`, [`%${token}%`]);
    expect(jobs[0].n).toBe(0);
  });
});

describe('reset e-mails per account', () => {
  it('sends at most 3 an hour to one account, whoever asks; the answer stays the same', async () => {
    const ann = await register(app);
    for (let i = 0; i < 5; i += 1) {
      const answer = await forgotAndProcess(ann.email);
      expect(answer.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetLinkSent });
    }
    const rows = await app.db.query(`SELECT count(*)::int AS n FROM orders.email_outbox WHERE kind = 'password-reset' AND recipient = $1`, [ann.email]);
    expect(rows).toEqual([{ n: 3 }]);
    // an hour later the account may ask again
    await app.db.query(`UPDATE orders.password_reset SET created_at = now() - interval '61 minutes' WHERE customer_id = $1`, [ann.customerId]);
    await forgotAndProcess(ann.email);
    const after = await app.db.query(`SELECT count(*)::int AS n FROM orders.email_outbox WHERE kind = 'password-reset' AND recipient = $1`, [ann.email]);
    expect(after).toEqual([{ n: 4 }]);
    await app.deliverEmails();
  });

  it('answers before the work is done: a known and an unknown e-mail each only queue a job', async () => {
    const ann = await register(app);
    const before = await app.db.query(`SELECT count(*)::int AS n FROM orders.password_reset WHERE customer_id = $1`, [ann.customerId]);
    await forgot(ann.email).expect(202);
    // nothing issued yet: the answer did not wait for the account's lookup or the reset's transaction
    expect(await app.db.query(`SELECT count(*)::int AS n FROM orders.password_reset WHERE customer_id = $1`, [ann.customerId])).toEqual(before);
    await app.processResetRequests();
    const after = (await app.db.query(`SELECT count(*)::int AS n FROM orders.password_reset WHERE customer_id = $1`, [ann.customerId])) as { n: number }[];
    expect(after[0]!.n).toBe(before[0].n + 1);
    await app.deliverEmails();
  });
});

describe('reset password', () => {
  it('works once: sets the password, ends every session, signs in afresh; the link then fails', async () => {
    const ann = await register(app);
    const elsewhere = browserOf(await signIn(ann.email, PASSWORD).expect(200), ann.email, ann.address);
    await forgot(ann.email).expect(202);
    const token = (await linkInMailbox(ann.email)).searchParams.get('token')!;

    const answer = await reset(token, 'a brand new secret').expect(200);
    const body = signedInResponseSchema.validateSync(answer.body, { strict: true });
    expect(body).toMatchObject({ message: ACCOUNT_MESSAGES.passwordChanged, data: { customerId: ann.customerId } });
    const fresh: Browser = browserOf(answer, ann.email, ann.address);
    await app.api().get(accountRoutes.me.path).set('Cookie', fresh.cookie).expect(200);
    // the sessions from before are over
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(401);
    await app.api().get(accountRoutes.me.path).set('Cookie', elsewhere.cookie).expect(401);
    // the new password signs in, the old does not
    await signIn(ann.email, 'a brand new secret').expect(200);
    await signIn(ann.email, PASSWORD).expect(401);
    // the link again: invalid
    const again = await reset(token, 'yet another secret').expect(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    const [{ hash }] = await app.db.query(`SELECT password_hash AS hash FROM orders.customer WHERE id = $1`, [ann.customerId]);
    expect(hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an expired link, an unknown one, and an earlier one once a newer was asked for', async () => {
    const ann = await register(app);
    await forgot(ann.email).expect(202);
    const first = (await linkInMailbox(ann.email)).searchParams.get('token')!;
    await forgot(ann.email).expect(202);
    const second = (await linkInMailbox(ann.email)).searchParams.get('token')!;
    expect(second).not.toBe(first);
    await reset(first, 'a brand new secret').expect(400);

    await app.db.query(`UPDATE orders.password_reset SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [ann.customerId]);
    const expired = await reset(second, 'a brand new secret').expect(400);
    expect(expired.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    await reset('x'.repeat(43), 'a brand new secret').expect(400);
    // the account is untouched
    await signIn(ann.email, PASSWORD).expect(200);
  });

  it("clears the account's sign-in failures", async () => {
    const ann = await register(app);
    for (let n = 1; n <= 5; n++) await signIn(ann.email, `wrong ${n}`).expect(401);
    await signIn(ann.email, 'wrong 6').expect(429);
    await forgot(ann.email).expect(202);
    const token = (await linkInMailbox(ann.email)).searchParams.get('token')!;
    await reset(token, 'a brand new secret').expect(200);
    await signIn(ann.email, 'a brand new secret').expect(200);
  });

  it('checks the new password like registration does', async () => {
    const short = await reset('x'.repeat(43), 'short').expect(400);
    expect(short.body.errors.password).toBe(ACCOUNT_MESSAGES.passwordTooShort);
  });

  it('the clean-up removes the link from a reset e-mail never sent once it has expired', async () => {
    const ann = await register(app);
    await forgotAndProcess(ann.email);
    // not delivered: say it was queued over an hour ago
    await app.db.query(`UPDATE orders.email_outbox SET created_at = now() - interval '2 hours' WHERE kind = 'password-reset' AND recipient = $1`, [ann.email]);
    const before = await app.db.query(`SELECT text FROM orders.email_outbox WHERE kind = 'password-reset' AND recipient = $1`, [ann.email]);
    expect(before[0].text).toContain('reset-password?token=');
    await app.app.get(AccountCleanupJob).run();
    const after = await app.db.query(`SELECT html, text FROM orders.email_outbox WHERE kind = 'password-reset' AND recipient = $1`, [ann.email]);
    expect(`${after[0].html}${after[0].text}`).not.toContain('token=');
    await app.deliverEmails(); // leave nothing queued for the next test
  });

  it('with a session cookie, the reset still needs no CSRF token (the link is the proof)', async () => {
    const ann = await register(app);
    await forgot(ann.email).expect(202);
    const token = (await linkInMailbox(ann.email)).searchParams.get('token')!;
    await app.api().post(accountRoutes.resetPassword.path).set('Cookie', ann.cookie).set(CSRF_HEADER, 'ignored').send({ token, password: 'a brand new secret' }).expect(200);
  });
});
