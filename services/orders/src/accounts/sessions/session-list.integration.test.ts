import { ACCOUNT_MESSAGES, accountRoutes, accountSessionsResponseSchema } from '@storefront/contracts';
import { PASSWORD, browserOf, register, signedInWrite, startAccountsTestApp, type AccountsTestApp, type Browser } from '../../testing/accounts-test-app.js';

// The customer's list of sessions and signing one of them out, over HTTP on real PostgreSQL.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFrom(email: string, userAgent: string): Promise<Browser> {
  const address = app.nextAddress();
  const answer = await app.api().post(accountRoutes.signIn.path).set('X-Forwarded-For', address).set('User-Agent', userAgent).send({ email, password: PASSWORD }).expect(200);
  return browserOf(answer, email, address);
}

const list = async (browser: Browser) => {
  const answer = await app.api().get(accountRoutes.sessions.path).set('Cookie', browser.cookie).expect(200);
  expect(answer.headers['cache-control']).toBe('private, no-store');
  return accountSessionsResponseSchema.validateSync(answer.body, { strict: true }).data;
};
const endSession = (browser: Browser, id: string) => signedInWrite(app.api().delete(accountRoutes.endSession.path.replace(':id', id)), browser);

describe('GET /api/my-account/sessions', () => {
  it("lists the account's sessions with when and in what browser, marks the current one, and never shows a token", async () => {
    const ann = await register(app);
    const phone = await signInFrom(ann.email, IPHONE);
    const sessions = await list(phone);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.current)!;
    expect(current.client).toBe('Safari on iPhone');
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
    }
    const rows = await app.db.query(`SELECT id FROM orders.customer_session WHERE customer_id = $1`, [ann.customerId]);
    expect(sessions.map((session) => session.id).sort()).toEqual(rows.map((row: { id: string }) => row.id).sort());
    const body = JSON.stringify(sessions);
    for (const token of [...ann.cookie.split('; '), ...phone.cookie.split('; ')].map((pair) => pair.split('=')[1]!)) expect(body).not.toContain(token);
    // another customer's sessions are not listed
    const bob = await register(app);
    expect((await list(bob)).map((session) => session.id)).not.toContain(current.id);
  });

  it('leaves out sessions that expired or went idle, and answers 401 without a session', async () => {
    const ann = await register(app);
    const old = await signInFrom(ann.email, IPHONE);
    await app.db.query(`UPDATE orders.customer_session SET expires_at = now() - interval '1 second' WHERE customer_id = $1 AND client = 'Safari on iPhone'`, [ann.customerId]);
    expect(await list(ann)).toHaveLength(1);
    await app.api().get(accountRoutes.sessions.path).set('Cookie', old.cookie).expect(401);
    await app.api().get(accountRoutes.sessions.path).expect(401);
  });
});

describe('DELETE /api/my-account/sessions/:id', () => {
  it('signs out one other session, which then stops working, and leaves this one', async () => {
    const ann = await register(app);
    const phone = await signInFrom(ann.email, IPHONE);
    const other = (await list(ann)).find((session) => !session.current)!;
    const answer = await endSession(ann, other.id).expect(200);
    expect(answer.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.sessionEnded });
    await app.api().get(accountRoutes.me.path).set('Cookie', phone.cookie).expect(401);
    await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(200);
    // again: it is gone
    await endSession(ann, other.id).expect(404);
  });

  it("refuses the current session (400), another customer's (404) and a malformed id (404)", async () => {
    const ann = await register(app);
    const bob = await register(app);
    const mine = (await list(ann)).find((session) => session.current)!;
    const current = await endSession(ann, mine.id).expect(400);
    expect(current.body.message).toBe(ACCOUNT_MESSAGES.sessionIsCurrent);
    const bobs = (await list(bob))[0]!;
    const foreign = await endSession(ann, bobs.id).expect(404);
    expect(foreign.body.message).toBe(ACCOUNT_MESSAGES.sessionNotFound);
    await app.api().get(accountRoutes.me.path).set('Cookie', bob.cookie).expect(200);
    await endSession(ann, 'not-a-session').expect(404);
  });

  it('needs the CSRF token (403)', async () => {
    const ann = await register(app);
    const phone = await signInFrom(ann.email, IPHONE);
    const other = (await list(ann)).find((session) => !session.current)!;
    await app.api().delete(accountRoutes.endSession.path.replace(':id', other.id)).set('Cookie', ann.cookie).expect(403);
    await app.api().get(accountRoutes.me.path).set('Cookie', phone.cookie).expect(200);
  });
});
