import { randomUUID } from 'node:crypto';
import { CORRECT_FIELDS_MESSAGE, accountRoutes, signedInResponseSchema } from '@storefront/contracts';
import {
  PASSWORD,
  browserOf,
  registrationBody,
  startAccountsTestApp,
  uniqueEmail,
  type AccountsTestApp,
} from '../../testing/accounts-test-app.js';

// POST /api/my-account/register over HTTP on real PostgreSQL: the /register form's submission makes
// an account and signs it in.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const registerCall = (address = app.nextAddress()) => app.api().post(accountRoutes.register.path).set('X-Forwarded-For', address);

describe('registration', () => {
  it('answers 201 signed in, with both cookies marked as they must be', async () => {
    const email = uniqueEmail('Reg.Ann');
    const answer = await registerCall().send(registrationBody(email)).expect(201);
    const body = signedInResponseSchema.validateSync(answer.body, { strict: true });
    expect(body).toMatchObject({
      success: true,
      message: 'Welcome! Your account is ready.',
      data: { user: { email: email.toLowerCase(), firstName: 'Ann', lastName: 'Lee', phone: '2125550100' } },
    });
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const [session, csrf] = answer.headers['set-cookie'] as unknown as string[];
    expect(session).toMatch(/^sf_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; SameSite=Lax; HttpOnly$/);
    expect(csrf).toMatch(/^sf_csrf=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; SameSite=Lax$/);
    // signed in: the profile answers
    const browser = browserOf(answer, email.toLowerCase(), '198.18.0.1');
    const me = await app.api().get(accountRoutes.me.path).set('Cookie', browser.cookie).expect(200);
    expect(me.body.data.customer.id).toBe(body.data.customerId);
  });

  it('stores the password only as an argon2id hash: nowhere as typed, idempotency records included', async () => {
    const email = uniqueEmail('hash');
    const password = 'Unusual Secret 42!';
    const key = randomUUID();
    const answer = await registerCall().set('Idempotency-Key', key).send(registrationBody(email, { password })).expect(201);
    const [row] = await app.db.query(`SELECT password_hash, row_to_json(c)::text AS whole FROM orders.customer c WHERE id = $1`, [answer.body.data.customerId]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row.whole).not.toContain(password);
    const records = await app.db.query(`SELECT row_to_json(r)::text AS whole FROM orders.idempotency_records r`);
    for (const record of records) expect(record.whole).not.toContain(password);
    const outbox = await app.db.query(`SELECT count(*)::int AS n FROM orders.email_outbox WHERE html LIKE $1 OR text LIKE $1`, [`%${password}%`]);
    expect(outbox[0].n).toBe(0);
  });

  it('answers an e-mail that has an account (in any case) like a new account, starts no session, makes no account, and e-mails the owner', async () => {
    const email = uniqueEmail('taken');
    const first = await registerCall().send(registrationBody(email)).expect(201);
    const again = await registerCall().send(registrationBody(email.toUpperCase())).expect(201);
    const body = signedInResponseSchema.validateSync(again.body, { strict: true });
    expect(body.message).toBe(first.body.message);
    expect(body.data.user).toEqual(first.body.data.user);
    // an id that names no account
    expect(body.data.customerId).not.toBe(first.body.data.customerId);
    expect(await app.db.query(`SELECT count(*)::int AS n FROM orders.customer WHERE id::text = $1`, [body.data.customerId])).toEqual([{ n: 0 }]);
    expect(again.headers['set-cookie']).toBeUndefined();
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM orders.customer WHERE email = $1`, [email.toLowerCase()]);
    expect(n).toBe(1);

    // the owner hears of it, once an hour however often it is tried
    await registerCall().send(registrationBody(email)).expect(201);
    await app.deliverEmails();
    const mail = (await app.mailbox()).filter((message) => message.to === email.toLowerCase() && message.subject === 'You already have an account');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('http://localhost:8080/forgot-password');
  });

  it("checks the form's own rules and answers its messages keyed by field", async () => {
    const answer = await registerCall()
      .send(registrationBody(uniqueEmail('rules'), { firstName: '', password: 'short', address: { street: '', addressCountry: 'US' } }))
      .expect(400);
    expect(answer.body.message).toBe(CORRECT_FIELDS_MESSAGE);
    expect(Object.keys(answer.body.errors)).toEqual(expect.arrayContaining(['firstName', 'password', 'address.street']));
  });

  it('saves the form\'s address as the first address, default shipping and billing, when it passes the address rules', async () => {
    const saved = await registerCall().send(registrationBody(uniqueEmail('addr'))).expect(201);
    const addresses = await app.db.query(`SELECT street1, city, state, zip_code, phone_number, is_default_shipping, is_default_billing FROM orders.customer_address WHERE customer_id = $1`, [
      saved.body.data.customerId,
    ]);
    expect(addresses).toEqual([
      { street1: '350 5th Ave', city: 'New York', state: 'NY', zip_code: '10118', phone_number: '2125550100', is_default_shipping: true, is_default_billing: true },
    ]);
    // without a phone the address rules fail: the account is made, the address skipped
    const skipped = await registerCall().send(registrationBody(uniqueEmail('noaddr'), { phone: '' })).expect(201);
    const none = await app.db.query(`SELECT id FROM orders.customer_address WHERE customer_id = $1`, [skipped.body.data.customerId]);
    expect(none).toEqual([]);
  });

  it('takes only a form that creates accounts', async () => {
    const answer = await registerCall().send({ ...registrationBody(uniqueEmail('other')), name: 'contact' }).expect(400);
    expect(answer.body).toMatchObject({ errorType: 'notRegistrationForm' });
  });

  it('answers a repeat of the same Idempotency-Key the same, signing in afresh only while the password opens the account', async () => {
    const email = uniqueEmail('again');
    const key = randomUUID();
    const first = await registerCall().set('Idempotency-Key', key).send(registrationBody(email)).expect(201);
    const again = await registerCall().set('Idempotency-Key', key).send(registrationBody(email)).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const replayed = browserOf(again, email, '198.18.0.2');
    expect(replayed.cookie).not.toBe(browserOf(first, email, '198.18.0.2').cookie);
    await app.api().get(accountRoutes.me.path).set('Cookie', replayed.cookie).expect(200);
    // the password changed since (as a reset would): the replay answers the same, without a session
    await app.db.query(`UPDATE orders.customer SET password_hash = $2 WHERE id = $1`, [first.body.data.customerId, '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA']);
    const late = await registerCall().set('Idempotency-Key', key).send(registrationBody(email)).expect(201);
    expect(late.body).toEqual(first.body);
    expect(late.headers['set-cookie']).toBeUndefined();
    // another body with the same key is another request
    await registerCall().set('Idempotency-Key', key).send(registrationBody(email, { password: `${PASSWORD}!` })).expect(422);
  });
});
