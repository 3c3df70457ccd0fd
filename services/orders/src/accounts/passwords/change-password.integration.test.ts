import { ACCOUNT_MESSAGES, CSRF_HEADER, accountRoutes, signedInResponseSchema } from '@storefront/contracts';
import {
  PASSWORD,
  browserOf,
  register,
  registrationBody,
  signedInWrite,
  startAccountsTestApp,
  uniqueEmail,
  type AccountsTestApp,
  type Browser,
} from '../../testing/accounts-test-app.js';

// Changing the password while signed in, and the common-password refusal at registration, reset and
// change, over HTTP on real PostgreSQL.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const NEW_PASSWORD = 'a fresh walnut cabinet';

const change = (browser: Browser, body: Record<string, unknown>) => signedInWrite(app.api().post(accountRoutes.changePassword.path), browser).send(body);
const signIn = (email: string, password: string, address = app.nextAddress()) =>
  app.api().post(accountRoutes.signIn.path).set('X-Forwarded-For', address).set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0').send({ email, password });

describe('POST /api/my-account/password/change', () => {
  it('changes the password, ends every other session, rotates this one, and e-mails the owner without a token', async () => {
    const ann = await register(app);
    const laptop = browserOf(await signIn(ann.email, PASSWORD).expect(200), ann.email, app.nextAddress());
    const answer = await change(ann, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
    const body = signedInResponseSchema.validateSync(answer.body, { strict: true });
    expect(body.message).toBe(ACCOUNT_MESSAGES.passwordChangedHere);
    const rotated = browserOf(answer, ann.email, ann.address);
    expect(rotated.cookie).not.toBe(ann.cookie);
    // the old cookie of this browser and the other browser's are both dead; the new one works
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(401);
    await app.api().get(accountRoutes.me.path).set('Cookie', laptop.cookie).expect(401);
    await app.api().get(accountRoutes.me.path).set('Cookie', rotated.cookie).expect(200);
    await signIn(ann.email, PASSWORD).expect(401);
    await signIn(ann.email, NEW_PASSWORD).expect(200);

    await app.deliverEmails();
    const mail = (await app.mailbox()).find((entry) => entry.to === ann.email && entry.subject === 'Your password was changed');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('/forgot-password');
    expect(mail!.text).not.toMatch(/token=/);
  });

  it('answers 400 with a clear message for a wrong current password, and changes nothing', async () => {
    const ann = await register(app);
    const answer = await change(ann, { currentPassword: 'not my password', newPassword: NEW_PASSWORD }).expect(400);
    expect(answer.body).toMatchObject({ message: ACCOUNT_MESSAGES.currentPasswordWrong, errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong } });
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(200);
    await signIn(ann.email, PASSWORD).expect(200);
  });

  it('refuses a missing current password, a short or common new one, and the same one again (400, field errors)', async () => {
    const ann = await register(app);
    const missing = await change(ann, { newPassword: NEW_PASSWORD }).expect(400);
    expect(JSON.stringify(missing.body)).toContain(ACCOUNT_MESSAGES.currentPasswordRequired);
    const short = await change(ann, { currentPassword: PASSWORD, newPassword: 'short' }).expect(400);
    expect(JSON.stringify(short.body)).toContain(ACCOUNT_MESSAGES.passwordTooShort);
    const common = await change(ann, { currentPassword: PASSWORD, newPassword: 'Password123' }).expect(400);
    expect(common.body).toMatchObject({ message: ACCOUNT_MESSAGES.passwordTooCommon, errors: { newPassword: ACCOUNT_MESSAGES.passwordTooCommon } });
    const same = await change(ann, { currentPassword: PASSWORD, newPassword: PASSWORD }).expect(400);
    expect(same.body.message).toBe(ACCOUNT_MESSAGES.newPasswordSameAsCurrent);
    await signIn(ann.email, PASSWORD).expect(200);
  });

  it('counts wrong current passwords as failed sign-ins: past the account limit 429 with Retry-After, the right one included', async () => {
    const ann = await register(app);
    for (let i = 0; i < 5; i += 1) await change(ann, { currentPassword: `wrong ${i}`, newPassword: NEW_PASSWORD }).expect(400);
    const locked = await change(ann, { currentPassword: 'wrong again', newPassword: NEW_PASSWORD }).expect(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // the same counter as sign-in's; held locked here so the check below does not race the 1 s lock
    const [[row]] = await app.db.query(`UPDATE orders.sign_in_failure SET locked_until = now() + interval '1 minute' WHERE key = $1 RETURNING failures`, [`account:${ann.email}`]);
    expect(row.failures).toBeGreaterThanOrEqual(6);
    await change(ann, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }).expect(429);
    await signIn(ann.email, PASSWORD).expect(429);
  });

  it('needs a session (401) and its CSRF token (403)', async () => {
    await app.api().post(accountRoutes.changePassword.path).send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }).expect(401);
    const ann = await register(app);
    const forged = await app.api().post(accountRoutes.changePassword.path).set('Cookie', ann.cookie).set('X-Forwarded-For', ann.address).send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }).expect(403);
    expect(forged.body.message).toBe(ACCOUNT_MESSAGES.forgeryRefused);
    await app.api().post(accountRoutes.changePassword.path).set('Cookie', ann.cookie).set(CSRF_HEADER, 'x'.repeat(43)).send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }).expect(403);
    await signIn(ann.email, PASSWORD).expect(200);
  });
});

describe('common passwords', () => {
  it('are refused at registration, with the form field named, and no account is made', async () => {
    const email = uniqueEmail('common');
    const answer = await app.api().post(accountRoutes.register.path).set('X-Forwarded-For', app.nextAddress()).send(registrationBody(email, { password: 'iloveyou1' })).expect(400);
    expect(answer.body).toMatchObject({ message: ACCOUNT_MESSAGES.passwordTooCommon, errors: { password: ACCOUNT_MESSAGES.passwordTooCommon } });
    const rows = await app.db.query(`SELECT count(*)::int AS n FROM orders.customer WHERE email = $1`, [email]);
    expect(rows[0].n).toBe(0);
  });

  it('are refused at a password reset, and the link stays usable', async () => {
    const ann = await register(app);
    await app.api().post(accountRoutes.forgotPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ email: ann.email }).expect(202);
    await app.deliverEmails();
    const message = (await app.mailbox()).find((entry) => entry.to === ann.email && entry.subject === 'Reset your password');
    const token = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(message!.text)![0]).searchParams.get('token')!;
    const refused = await app.api().post(accountRoutes.resetPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ token, password: 'QWERTYUIOP' }).expect(400);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    await app.api().post(accountRoutes.resetPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ token, password: NEW_PASSWORD }).expect(200);
  });
});
