import { Controller, Module } from '@nestjs/common';
import { defineRoute, type BodyOf } from '@storefront/contracts';
import request from 'supertest';
import { object, string } from 'yup';
import { createTestApp, type TestApp } from '../testing.js';
import { signInternalRequest } from './internal-signature.js';
import { INTERNAL_CALL_MESSAGE, InternalTokenGuard } from './internal-token.guard.js';
import { Route, RouteBody, RouteQuery } from './route.decorator.js';

const PAYMENTS_SECRET = 'payments-secret-0123456789abcdefghijklmnop';
const FORMS_SECRET = 'forms-secret-0123456789abcdefghijklmnopqrs';

const ledgerRoutes = {
  balance: defineRoute({
    method: 'GET',
    path: '/internal/ledger/balance',
    service: 'orders',
    access: 'internal',
    callers: ['payments'],
    summary: 'A balance',
    query: object({ account: string().required() }),
  }),
  record: defineRoute({
    method: 'POST',
    path: '/internal/ledger/entries',
    service: 'orders',
    access: 'internal',
    callers: ['payments'],
    summary: 'Records an entry',
    body: object({ amount: string().required() }),
  }),
  letters: defineRoute({ method: 'POST', path: '/internal/letters', service: 'orders', access: 'internal', callers: ['forms'], summary: 'Queues a letter' }),
};

@Controller()
class LedgerController {
  @Route(ledgerRoutes.balance)
  balance(@RouteQuery() query: { account: string }) {
    return { account: query.account, balance: 42 };
  }

  @Route(ledgerRoutes.record)
  record(@RouteBody() body: BodyOf<typeof ledgerRoutes.record>) {
    return { recorded: body.amount };
  }

  @Route(ledgerRoutes.letters)
  letters() {
    return { queued: true };
  }
}

@Module({ controllers: [LedgerController], providers: [InternalTokenGuard] })
class LedgerModule {}

let app: TestApp;
const saved = { ...process.env };

beforeAll(async () => {
  app = await createTestApp(LedgerModule);
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  process.env.PAYMENTS_INTERNAL_SECRET = PAYMENTS_SECRET;
  process.env.FORMS_INTERNAL_SECRET = FORMS_SECRET;
  // each test stays under the failure limit, except the one about it
  process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE = '1000';
});

afterEach(() => {
  for (const name of ['PAYMENTS_INTERNAL_SECRET', 'FORMS_INTERNAL_SECRET', 'RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE', 'NODE_ENV']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

function signed(caller: 'payments' | 'forms', secret: string, method: string, url: string, body?: string, nowSeconds?: number) {
  return signInternalRequest({ caller, secret, method, url, ...(body !== undefined ? { body } : {}), ...(nowSeconds !== undefined ? { nowSeconds } : {}) });
}

describe('signed internal calls', () => {
  it('answers a GET signed over its path and query by a caller the route names', async () => {
    const url = '/internal/ledger/balance?account=A-1';
    const res = await request(app.server).get(url).set(signed('payments', PAYMENTS_SECRET, 'GET', url)).expect(200);
    expect(res.body).toEqual({ account: 'A-1', balance: 42 });
  });

  it('answers a POST signed over its exact body bytes', async () => {
    const body = JSON.stringify({ amount: '9.95' });
    const res = await request(app.server)
      .post('/internal/ledger/entries')
      .set({ ...signed('payments', PAYMENTS_SECRET, 'POST', '/internal/ledger/entries', body), 'Content-Type': 'application/json' })
      .send(body)
      .expect(200);
    expect(res.body).toEqual({ recorded: '9.95' });
  });

  it.each([
    ['another body than the one signed', () => ({ headers: signed('payments', PAYMENTS_SECRET, 'POST', '/internal/ledger/entries', '{"amount":"1"}'), body: '{"amount":"999"}' })],
    ['another path than the one signed', () => ({ headers: signed('payments', PAYMENTS_SECRET, 'POST', '/internal/letters', '{"amount":"1"}'), body: '{"amount":"1"}' })],
    ['a signature made with another secret', () => ({ headers: signed('payments', FORMS_SECRET, 'POST', '/internal/ledger/entries', '{"amount":"1"}'), body: '{"amount":"1"}' })],
    [
      'a valid signature from a caller the route does not name',
      () => ({ headers: signed('forms', FORMS_SECRET, 'POST', '/internal/ledger/entries', '{"amount":"1"}'), body: '{"amount":"1"}' }),
    ],
    [
      'a signature more than 300 seconds old',
      () => ({ headers: signed('payments', PAYMENTS_SECRET, 'POST', '/internal/ledger/entries', '{"amount":"1"}', Math.floor(Date.now() / 1000) - 301), body: '{"amount":"1"}' }),
    ],
    ['the secret itself instead of a signature', () => ({ headers: { 'X-Internal-Caller': 'payments', 'X-Internal-Signature': PAYMENTS_SECRET }, body: '{"amount":"1"}' })],
    ['no signature at all', () => ({ headers: { 'X-Internal-Caller': 'payments' }, body: '{"amount":"1"}' })],
    ['no caller and no signature, from this machine', () => ({ headers: {}, body: '{"amount":"1"}' })],
  ])('answers 401 to %s', async (_, make) => {
    const { headers, body } = make();
    const res = await request(app.server)
      .post('/internal/ledger/entries')
      .set({ ...headers, 'Content-Type': 'application/json' })
      .send(body)
      .expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, message: INTERNAL_CALL_MESSAGE });
  });

  it('lets each caller reach only its own routes', async () => {
    await request(app.server).post('/internal/letters').set(signed('forms', FORMS_SECRET, 'POST', '/internal/letters')).expect(200);
    await request(app.server).post('/internal/letters').set(signed('payments', PAYMENTS_SECRET, 'POST', '/internal/letters')).expect(401);
  });

  it('without the secrets (development), lets this machine call unsigned, and never in production', async () => {
    delete process.env.PAYMENTS_INTERNAL_SECRET;
    delete process.env.FORMS_INTERNAL_SECRET;
    await request(app.server).get('/internal/ledger/balance?account=A-1').expect(200);
    await request(app.server).post('/internal/letters').set(signInternalRequest({ caller: 'forms', secret: undefined, method: 'POST', url: '/internal/letters' })).expect(200);
    process.env.NODE_ENV = 'production';
    await request(app.server).get('/internal/ledger/balance?account=A-1').expect(401);
  });

  it('answers 429 to every failed signature past RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE from an address; a right one still passes', async () => {
    const url = '/internal/ledger/balance?account=A-1';
    const right = signed('payments', PAYMENTS_SECRET, 'GET', url);
    // one hex digit of the MAC changed (always to another digit): a signature that is almost right
    const wrong = right['X-Internal-Signature']!.replace(/v1=(.)/, (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);
    // the earlier tests failed 10 times from this address within the minute
    process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE = '12';
    await request(app.server).get(url).set({ ...right, 'X-Internal-Signature': wrong }).expect(401);
    await request(app.server).get(url).set({ 'X-Internal-Caller': 'payments' }).expect(401);
    const limited = await request(app.server).get(url).set({ ...right, 'X-Internal-Signature': wrong }).expect(429);
    expect(limited.body).toMatchObject({ statusCode: 429, message: 'Too many failed attempts from this address. Please wait a minute and try again.' });
    // the caller whose address a guesser shares (every process of npm start, a node's SNAT) is not cut off by it
    await request(app.server).get(url).set(right).expect(200);
  });
});
