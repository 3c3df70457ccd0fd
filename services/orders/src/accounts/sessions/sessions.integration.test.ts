import { ACCOUNT_MESSAGES, CSRF_HEADER, accountRoutes, myAccountResponseSchema } from '@storefront/contracts';
import { PASSWORD, register, registrationBody, signedInWrite, startAccountsTestApp, uniqueEmail, type AccountsTestApp } from '../../testing/accounts-test-app.js';
import { AccountCleanupJob } from '../account-cleanup.job.js';

// Sessions and forgery, over HTTP on real PostgreSQL: who is signed in, and which writes are refused
// as forged (no or wrong X-CSRF-Token with a session; another site's Origin or Sec-Fetch-Site).

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const address = { firstName: 'Ann', lastName: 'Lee', street1: '1 Main St', city: 'Newark', state: 'NJ', zipCode: '07102', countryId: 'US', phoneNumber: '2125550100' };

describe('GET /api/my-account/me', () => {
  it('answers the profile with a session, exactly as the contract says, never cached', async () => {
    const ann = await register(app);
    const answer = await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(200);
    const body = myAccountResponseSchema.validateSync(answer.body, { strict: true });
    expect(body.data.user).toEqual({ email: ann.email, firstName: 'Ann', lastName: 'Lee', phone: '2125550100' });
    expect(body.data.customer).toMatchObject({ id: ann.customerId, firstName: 'Ann', lastName: 'Lee', phoneNumber: '2125550100' });
    expect(body.data.customer.addresses).toHaveLength(1);
    expect(body.data.customer.defaultShipping).toBe(body.data.customer.addresses[0]!.id);
    expect(body.data.customer.defaultBilling).toBe(body.data.customer.addresses[0]!.id);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 401 and no data without a session, with an unknown one, and with an expired one', async () => {
    for (const cookie of [undefined, 'sf_session=not-a-session-token-at-all-0000000000', 'sf_session=']) {
      const call = app.api().get(accountRoutes.me.path);
      if (cookie) call.set('Cookie', cookie);
      const answer = await call.expect(401);
      expect(answer.body.message).toBe(ACCOUNT_MESSAGES.signInRequired);
      expect(answer.body.data).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    const ann = await register(app);
    await app.db.query(`UPDATE orders.customer_session SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [ann.customerId]);
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(401);
    // met expired, it is gone
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM orders.customer_session WHERE customer_id = $1`, [ann.customerId]);
    expect(n).toBe(0);
  });

  it('ends a session unused for SESSION_IDLE_HOURS (12 by default), and keeps one in use alive', async () => {
    const idle = await register(app);
    const active = await register(app);
    await app.db.query(`UPDATE orders.customer_session SET last_seen_at = now() - interval '12 hours 1 minute' WHERE customer_id = $1`, [idle.customerId]);
    await app.db.query(`UPDATE orders.customer_session SET last_seen_at = now() - interval '11 hours' WHERE customer_id = $1`, [active.customerId]);
    await app.api().get(accountRoutes.me.path).set('Cookie', idle.cookie).expect(401);
    await app.api().get(accountRoutes.me.path).set('Cookie', active.cookie).expect(200);
    // the use moved its last_seen_at to now: the idle clock starts again
    const [row] = await app.db.query(`SELECT now() - last_seen_at < interval '1 minute' AS fresh FROM orders.customer_session WHERE customer_id = $1`, [active.customerId]);
    expect(row.fresh).toBe(true);
    expect(await app.db.query(`SELECT count(*)::int AS n FROM orders.customer_session WHERE customer_id = $1`, [idle.customerId])).toEqual([{ n: 0 }]);
  });

  it('stores only hashes of the session and CSRF tokens', async () => {
    const ann = await register(app);
    const [row] = await app.db.query(`SELECT row_to_json(s)::text AS whole FROM orders.customer_session s WHERE customer_id = $1`, [ann.customerId]);
    for (const token of ann.cookie.split('; ').map((pair) => pair.split('=')[1]!)) expect(row.whole).not.toContain(token);
  });
});

describe('forged writes', () => {
  it('refuses a write with the session cookie but no or a wrong X-CSRF-Token (403), and stores nothing', async () => {
    const ann = await register(app);
    const before = await app.db.query(`SELECT count(*)::int AS n FROM orders.customer_address WHERE customer_id = $1`, [ann.customerId]);
    const noToken = await app.api().post(accountRoutes.createAddress.path).set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).send(address).expect(403);
    expect(noToken.body.message).toBe(ACCOUNT_MESSAGES.forgeryRefused);
    await app.api().post(accountRoutes.createAddress.path).set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).set(CSRF_HEADER, `${ann.csrf}x`).send(address).expect(403);
    // another session's token is no proof either
    const bob = await register(app);
    await app.api().post(accountRoutes.createAddress.path).set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).set(CSRF_HEADER, bob.csrf).send(address).expect(403);
    const after = await app.db.query(`SELECT count(*)::int AS n FROM orders.customer_address WHERE customer_id = $1`, [ann.customerId]);
    expect(after[0].n).toBe(before[0].n);
    // with its own token the same write goes through
    await signedInWrite(app.api().post(accountRoutes.createAddress.path), ann).send(address).expect(201);
  });

  it('refuses writes another site sends (Sec-Fetch-Site, Origin), the CSRF token notwithstanding', async () => {
    const ann = await register(app);
    await signedInWrite(app.api().post(accountRoutes.createAddress.path), ann).set('Sec-Fetch-Site', 'cross-site').send(address).expect(403);
    await signedInWrite(app.api().post(accountRoutes.createAddress.path), ann).set('Sec-Fetch-Site', 'same-site').send(address).expect(403);
    await signedInWrite(app.api().post(accountRoutes.createAddress.path), ann).set('Origin', 'https://evil.example').set('X-Forwarded-Host', 'shop.example').send(address).expect(403);
    // the shop's own origin, as the gateway forwards it, is fine
    await signedInWrite(app.api().post(accountRoutes.createAddress.path), ann)
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Origin', 'https://shop.example')
      .set('X-Forwarded-Host', 'shop.example')
      .send(address)
      .expect(201);
  });

  it('refuses sign-in, registration and the password reset from another site (login CSRF)', async () => {
    const ann = await register(app);
    const crossSite = (path: string) => app.api().post(path).set('X-Forwarded-For', app.nextAddress()).set('Sec-Fetch-Site', 'cross-site');
    const signIn = await crossSite(accountRoutes.signIn.path).send({ email: ann.email, password: PASSWORD }).expect(403);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    await crossSite(accountRoutes.register.path).send(registrationBody(uniqueEmail('forged'))).expect(403);
    await crossSite(accountRoutes.forgotPassword.path).send({ email: ann.email }).expect(403);
    await crossSite(accountRoutes.resetPassword.path).send({ token: 'x'.repeat(43), password: 'new password 1' }).expect(403);
    await app.api().post(accountRoutes.signIn.path).set('Origin', 'https://evil.example').set('Host', 'shop.example').send({ email: ann.email, password: PASSWORD }).expect(403);
  });

  it('an order placed with the session but without its token is refused too (CustomerSessions.optionalCustomer)', async () => {
    const ann = await register(app);
    const { order } = await import('../../testing/orders-test-app.js');
    const before = await app.orderCount();
    await app.api().post('/api/order').set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).send(order).expect(403);
    expect(await app.orderCount()).toBe(before);
  });
});

describe('POST /api/my-account/logout-all', () => {
  it('ends every session of the account, in every browser, and clears this one\'s cookies; 403 without the CSRF token, 401 without a session', async () => {
    const ann = await register(app);
    const second = await app.api().post(accountRoutes.signIn.path).set('X-Forwarded-For', app.nextAddress()).send({ email: ann.email, password: PASSWORD }).expect(200);
    const secondCookie = ([] as string[]).concat(second.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    const bob = await register(app);

    await app.api().post('/api/my-account/logout-all').set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).expect(403);
    await app.api().get(accountRoutes.me.path).set('Cookie', secondCookie).expect(200);

    const out = await signedInWrite(app.api().post('/api/my-account/logout-all'), ann).expect(200);
    expect(out.body).toEqual({ success: true, message: 'You have been signed out on every device.' });
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).join('\n')).toMatch(/sf_session=; Max-Age=0/);
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(401);
    await app.api().get(accountRoutes.me.path).set('Cookie', secondCookie).expect(401);
    // another account's session is untouched
    await app.api().get(accountRoutes.me.path).set('Cookie', bob.cookie).expect(200);
    await app.api().post('/api/my-account/logout-all').set('X-Forwarded-For', app.nextAddress()).expect(401);
  });
});

describe('the clean-up job', () => {
  it('deletes expired sessions and spent resets, and keeps live ones', async () => {
    const live = await register(app);
    const gone = await register(app);
    await app.db.query(`UPDATE orders.customer_session SET expires_at = now() - interval '1 minute' WHERE customer_id = $1`, [gone.customerId]);
    const done = await app.app.get(AccountCleanupJob).run();
    expect(done.sessions).toBeGreaterThanOrEqual(1);
    const sessions = await app.db.query(`SELECT customer_id FROM orders.customer_session WHERE customer_id = ANY($1::uuid[])`, [[live.customerId, gone.customerId]]);
    expect(sessions).toEqual([{ customer_id: live.customerId }]);
  });
});
