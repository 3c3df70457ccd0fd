import { ACCOUNT_MESSAGES, CSRF_HEADER, accountRoutes, signedInResponseSchema } from '@storefront/contracts';
import argon2 from 'argon2';
import { PASSWORD, browserOf, register, startAccountsTestApp, uniqueEmail, type AccountsTestApp } from '../../testing/accounts-test-app.js';

// Sign-in, its limits (counted in PostgreSQL) and sign-out, over HTTP on real PostgreSQL.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const signIn = (email: string, password: string, address: string) =>
  app.api().post(accountRoutes.signIn.path).set('X-Forwarded-For', address).send({ email, password });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in', () => {
  it('signs in with the e-mail in any case and sets both cookies', async () => {
    const ann = await register(app);
    const answer = await signIn(ann.email.toUpperCase(), PASSWORD, app.nextAddress()).expect(200);
    expect(signedInResponseSchema.validateSync(answer.body, { strict: true }).data.customerId).toBe(ann.customerId);
    const browser = browserOf(answer, ann.email, ann.address);
    await app.api().get(accountRoutes.me.path).set('Cookie', browser.cookie).expect(200);
  });

  it('re-makes a hash made with weaker options than today\'s at the next sign-in', async () => {
    const ann = await register(app);
    const weak = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    await app.db.query(`UPDATE orders.customer SET password_hash = $2 WHERE id = $1`, [ann.customerId, weak]);
    await signIn(ann.email, PASSWORD, app.nextAddress()).expect(200);
    const [{ hash }] = await app.db.query(`SELECT password_hash AS hash FROM orders.customer WHERE id = $1`, [ann.customerId]);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await signIn(ann.email, PASSWORD, app.nextAddress()).expect(200);
  });

  it('answers a wrong e-mail and a wrong password alike', async () => {
    const ann = await register(app);
    const wrongPassword = await signIn(ann.email, 'not the password', app.nextAddress()).expect(401);
    const wrongEmail = await signIn(uniqueEmail('nobody'), 'not the password', app.nextAddress()).expect(401);
    const { requestId: _one, ...samePassword } = wrongPassword.body;
    const { requestId: _other, ...sameEmail } = wrongEmail.body;
    expect(samePassword).toEqual(sameEmail);
    expect(wrongPassword.body.message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('locks an account after 5 free failures, 429 with Retry-After, without checking the password, with a growing wait', async () => {
    const ann = await register(app);
    // each attempt from another address: this is the account's limit
    for (let n = 1; n <= 5; n++) await signIn(ann.email, `wrong ${n}`, app.nextAddress()).expect(401);
    const sixth = await signIn(ann.email, 'wrong 6', app.nextAddress()).expect(429);
    expect(sixth.headers['retry-after']).toBe('1');
    expect(sixth.body.message).toBe(ACCOUNT_MESSAGES.tooManyAttempts(1));
    // while locked even the right password is refused, unchecked
    const locked = await signIn(ann.email, PASSWORD, app.nextAddress()).expect(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await sleep(1100);
    const seventh = await signIn(ann.email, 'wrong 7', app.nextAddress()).expect(429);
    expect(seventh.headers['retry-after']).toBe('2');
    expect(seventh.body.message).toBe(ACCOUNT_MESSAGES.tooManyAttempts(2));
    await sleep(2100);
    // the right password after the wait signs in and clears the account's count
    await signIn(ann.email, PASSWORD, app.nextAddress()).expect(200);
    await signIn(ann.email, 'wrong again', app.nextAddress()).expect(401);
    const [{ failures }] = await app.db.query(`SELECT failures FROM orders.sign_in_failure WHERE key = $1`, [`account:${ann.email}`]);
    expect(failures).toBe(1);
  });

  it("never locks an account for more than a minute, however many failures others made for it", async () => {
    const ann = await register(app);
    await app.db.query(
      `INSERT INTO orders.sign_in_failure (key, failures, last_failure_at, locked_until) VALUES ($1, 500, now(), NULL)
       ON CONFLICT (key) DO UPDATE SET failures = 500, last_failure_at = now(), locked_until = NULL`,
      [`account:${ann.email}`],
    );
    const refused = await signIn(ann.email, 'wrong 501', app.nextAddress()).expect(429);
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('counts an e-mail without an account like one with (no telling them apart by the limit)', async () => {
    const nobody = uniqueEmail('ghost');
    for (let n = 1; n <= 5; n++) await signIn(nobody, 'guess', app.nextAddress()).expect(401);
    await signIn(nobody, 'guess', app.nextAddress()).expect(429);
  });

  it('limits one client address to 20 free failures across accounts', async () => {
    const address = app.nextAddress();
    for (let n = 1; n <= 20; n++) await signIn(uniqueEmail(`spray${n}`), 'guess', address).expect(401);
    const over = await signIn(uniqueEmail('spray21'), 'guess', address).expect(429);
    expect(over.headers['retry-after']).toBe('1');
    // another address is not affected
    await signIn(uniqueEmail('elsewhere'), 'guess', app.nextAddress()).expect(401);
  });

  it('holds the limit against a burst of parallel guesses', async () => {
    const ann = await register(app);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => signIn(ann.email, `burst ${n}`, app.nextAddress())));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});

describe('sign-out', () => {
  it('ends the session and clears both cookies; the old cookie opens nothing', async () => {
    const ann = await register(app);
    const out = await app.api().post(accountRoutes.signOut.path).set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).set(CSRF_HEADER, ann.csrf).expect(200);
    expect(out.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.signedOut });
    expect(out.headers['set-cookie']).toEqual(['sf_session=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly', 'sf_csrf=; Max-Age=0; Path=/; SameSite=Lax']);
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(401);
  });

  it('answers 200 without a session, and 403 with one but without its CSRF token', async () => {
    await app.api().post(accountRoutes.signOut.path).set('X-Forwarded-For', app.nextAddress()).expect(200);
    const ann = await register(app);
    await app.api().post(accountRoutes.signOut.path).set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).expect(403);
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(200);
  });
});
