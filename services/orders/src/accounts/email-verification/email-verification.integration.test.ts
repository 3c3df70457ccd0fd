import { ACCOUNT_MESSAGES, VERIFICATION_EMAILS_PER_HOUR, accountRoutes, myAccountResponseSchema } from '@storefront/contracts';
import { cookieHeaderOf, register, signedInWrite, startAccountsTestApp, type AccountsTestApp, type Browser } from '../../testing/accounts-test-app.js';
import { AccountCleanupJob } from '../account-cleanup.job.js';

// E-mail verification over HTTP on real PostgreSQL, with the link read from the local mailbox.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const verify = (token: unknown) => app.api().post(accountRoutes.verifyEmail.path).set('X-Forwarded-For', app.nextAddress()).send({ token });
const resend = (browser: Browser) => signedInWrite(app.api().post(accountRoutes.resendVerification.path), browser);
const verified = async (browser: Browser) => {
  const answer = await app.api().get(accountRoutes.me.path).set('Cookie', browser.cookie).expect(200);
  return myAccountResponseSchema.validateSync(answer.body, { strict: true }).data.customer.emailVerified;
};

/** The tokens of the verification links e-mailed to `email`, newest first, after delivering what is queued. */
async function tokensInMailbox(email: string): Promise<string[]> {
  await app.deliverEmails();
  return (await app.mailbox())
    .filter((entry) => entry.to === email && entry.subject === 'Please verify your email address')
    .map((entry) => {
      const link = new URL(/https?:\/\/\S+\/verify-email\?token=\S+/.exec(entry.text)![0]);
      expect(link.pathname).toBe('/verify-email');
      return link.searchParams.get('token')!;
    });
}

describe('verification at registration', () => {
  it('e-mails a new account a single-use link; the token is stored only hashed; the account is unverified until it is used', async () => {
    const ann = await register(app);
    expect(await verified(ann)).toBe(false);
    const [token] = await tokensInMailbox(ann.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await app.db.query(`SELECT row_to_json(v)::text AS whole, expires_at - created_at AS ttl FROM orders.email_verification v WHERE customer_id = $1`, [ann.customerId]);
    expect(row.whole).not.toContain(token);
    expect(row.ttl).toMatchObject({ days: 2 });
    const outbox = await app.db.query(`SELECT html, text FROM orders.email_outbox WHERE kind = 'email-verification' AND recipient = $1`, [ann.email]);
    expect(`${outbox[0].html}${outbox[0].text}`).not.toContain(token);

    // signed out, in another browser: the link works without a session
    const answer = await verify(token).expect(200);
    expect(answer.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.emailVerified });
    expect(await verified(ann)).toBe(true);
    const again = await verify(token).expect(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.verificationLinkInvalid);
  });

  it('refuses an expired link, an unknown one and a malformed one with 400, never 500', async () => {
    const ann = await register(app);
    const [token] = await tokensInMailbox(ann.email);
    await app.db.query(`UPDATE orders.email_verification SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [ann.customerId]);
    expect((await verify(token).expect(400)).body.message).toBe(ACCOUNT_MESSAGES.verificationLinkInvalid);
    for (const bad of ['A'.repeat(43), '', 'x'.repeat(500), 42, null]) await verify(bad).expect(400);
    expect(await verified(ann)).toBe(false);
  });
});

describe('POST /api/my-account/email/verification (send the link again)', () => {
  it('sends a new link that voids the earlier one, then refuses past the hourly limit (429)', async () => {
    const ann = await register(app);
    const [first] = await tokensInMailbox(ann.email);
    const answer = await resend(ann).expect(202);
    expect(answer.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.verificationLinkSent });
    const [second] = await tokensInMailbox(ann.email);
    expect(second).not.toBe(first);
    await verify(first).expect(400);
    for (let i = 1; i < VERIFICATION_EMAILS_PER_HOUR; i += 1) await resend(ann).expect(202);
    const limited = await resend(ann).expect(429);
    expect(limited.body.message).toBe(ACCOUNT_MESSAGES.tooManyVerificationEmails);
    const tokens = await tokensInMailbox(ann.email);
    expect(tokens).toHaveLength(1 + VERIFICATION_EMAILS_PER_HOUR);
    await verify(tokens[0]).expect(200);
  });

  it('says so for a verified address and sends nothing; needs a session and its CSRF token', async () => {
    const ann = await register(app);
    const [token] = await tokensInMailbox(ann.email);
    await verify(token).expect(200);
    const answer = await resend(ann).expect(200);
    expect(answer.body.message).toBe(ACCOUNT_MESSAGES.emailAlreadyVerified);
    expect(await tokensInMailbox(ann.email)).toHaveLength(1);
    await app.api().post(accountRoutes.resendVerification.path).expect(401);
    await app.api().post(accountRoutes.resendVerification.path).set('Cookie', ann.cookie).expect(403);
  });
});

describe('a password reset proves the address', () => {
  it('marks an unverified account verified and ends the sessions it had (an address squatted on is taken back)', async () => {
    const squatter = await register(app);
    await app.api().post(accountRoutes.forgotPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ email: squatter.email }).expect(202);
    await app.deliverEmails();
    const message = (await app.mailbox()).find((entry) => entry.to === squatter.email && entry.subject === 'Reset your password')!;
    const token = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(message.text)![0]).searchParams.get('token')!;
    const reset = await app.api().post(accountRoutes.resetPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ token, password: 'the real owner is back' }).expect(200);
    await app.api().get(accountRoutes.me.path).set('Cookie', squatter.cookie).expect(401);
    const owner = { ...squatter, cookie: cookieHeaderOf(reset.headers['set-cookie']) };
    expect(await verified(owner)).toBe(true);
  });
});

describe('clean-up', () => {
  it('deletes links that were used or expired over an hour ago', async () => {
    const ann = await register(app);
    await app.db.query(`UPDATE orders.email_verification SET expires_at = now() - interval '2 hours', created_at = now() - interval '3 hours' WHERE customer_id = $1`, [ann.customerId]);
    const done = await app.app.get(AccountCleanupJob).run();
    expect(done.verifications).toBeGreaterThanOrEqual(1);
    const rows = await app.db.query(`SELECT count(*)::int AS n FROM orders.email_verification WHERE customer_id = $1`, [ann.customerId]);
    expect(rows[0].n).toBe(0);
  });
});
