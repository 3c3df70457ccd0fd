import request from 'supertest';
import { compareWithFront, comparedAnswer, type ComparedAnswers } from '../../testing/front-comparison.js';
import { order, type OrdersTestApp } from '../../testing/orders-test-app.js';
import { createApiKey, revokeApiKey } from '../api-keys/api-keys.js';

// GET /api/admin/orders answered in front of express and Nest (admin-orders-front.ts) must answer
// what the controller answers through Nest's guards and pipe: the same status, headers and bytes,
// refusals included, on the same rows of a real PostgreSQL.

interface Call {
  label: string;
  query: string;
  /** the Authorization header: the sales key, a made-up key, a revoked key, or none */
  key: 'sales' | 'wrong' | 'revoked' | 'none';
}

const saved = { TRUST_PROXY: process.env.TRUST_PROXY };
// letters only (names are checked as names): a surname no other test uses
const surname = `Frontwell${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
let keys: Record<'sales' | 'revoked', string>;
const placed: string[] = [];

function callsOf(): Call[] {
  const q = `q=${surname.toLowerCase()}`;
  return [
    { label: 'a search', query: q, key: 'sales' },
    { label: 'a first page of two', query: `${q}&limit=2`, key: 'sales' },
    { label: 'the page after an order', query: `${q}&limit=2&after=${placed[2]}`, key: 'sales' },
    { label: 'past the last order', query: `${q}&after=${placed[0]}`, key: 'sales' },
    { label: 'filters by status and payment state, and dates', query: `${q}&status=pending&paymentStatus=pending&from=2020-01-01&to=2099-12-31`, key: 'sales' },
    { label: 'an unknown cursor', query: 'after=SF-999999999', key: 'sales' },
    { label: 'a limit of 0', query: 'limit=0', key: 'sales' },
    { label: 'a limit that is not a number', query: 'limit=ten', key: 'sales' },
    { label: 'a status given twice', query: 'status=pending&status=canceled', key: 'sales' },
    { label: 'a date that is not one', query: 'from=yesterday', key: 'sales' },
    { label: 'no key', query: q, key: 'none' },
    { label: 'a key we never issued', query: q, key: 'wrong' },
    { label: 'a revoked key', query: q, key: 'revoked' },
  ];
}

async function answers(server: Parameters<typeof request>[0]): Promise<ComparedAnswers> {
  const result: ComparedAnswers = {};
  for (const [index, call] of callsOf().entries()) {
    const test = request(server)
      .get(`/api/admin/orders?${call.query}`)
      .set('x-request-id', `admin-orders-front-${index}-0000`)
      // each call from its own client address, in a range no other suite uses: the files share the
      // database, and admin.integration.test.ts blocks addresses of 198.51.100.0/24 for failed keys
      .set('X-Forwarded-For', `100.64.35.${index + 1}`);
    if (call.key === 'wrong') test.set('Authorization', `Bearer sfk_${'W'.repeat(43)}`);
    else if (call.key !== 'none') test.set('Authorization', `Bearer ${keys[call.key]}`);
    result[call.label] = comparedAnswer(await test);
  }
  return result;
}

describe('GET /api/admin/orders answered in front of express and Nest', () => {
  let throughNest: ComparedAnswers;
  let inFront: ComparedAnswers;
  let pipeCallsInFront = 0;

  beforeAll(async () => {
    process.env.TRUST_PROXY = 'loopback';
    // the rows both apps read, placed through the first (Nest only)
    const prepare = async (nestOnly: OrdersTestApp) => {
      const placeOrder = async (i: number) => {
        const customer = { email: `${surname.toLowerCase()}.${i}@example.com`, lastName: surname };
        const addresses = order.addresses.map((address) => ({ ...address, ...customer }));
        return (await request(nestOnly.server).post('/api/order').send({ ...order, ...customer, addresses }).expect(201)).body.data.orderIncrementId as string;
      };
      for (let i = 0; i < 4; i++) placed.push(await placeOrder(i));
      const revoked = await createApiKey(nestOnly.db, `front-revoked-${Date.now()}`, 'sales');
      await revokeApiKey(nestOnly.db, revoked.id);
      keys = { sales: (await createApiKey(nestOnly.db, `front-sales-${Date.now()}`, 'sales')).key, revoked: revoked.key };
    };
    ({ throughNest, inFront, pipeCallsInFront } = await compareWithFront(answers, prepare));
  }, 120_000);

  afterAll(() => {
    if (saved.TRUST_PROXY === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved.TRUST_PROXY;
  });

  it('answers what the controller answered: same status, headers and bytes for every call', () => {
    expect(inFront).toEqual(throughNest);
  });

  it('was answered in front: no request reached Nest\'s pipe', () => {
    expect(pipeCallsInFront).toBe(0);
  });

  it('lists, pages and refuses as the back office expects (so the comparison is of real answers)', () => {
    const listed = (label: string) => (JSON.parse(inFront[label]!.body) as { orders: { number: string }[]; next: string | null });
    expect(listed('a search').orders.map((found) => found.number)).toEqual([...placed].reverse());
    expect(listed('a first page of two')).toMatchObject({ next: placed[2] });
    expect(listed('the page after an order').orders.map((found) => found.number)).toEqual([placed[1], placed[0]]);
    expect(listed('past the last order')).toEqual({ orders: [], next: null });
    expect(listed('filters by status and payment state, and dates').orders).toHaveLength(4);
    const statusOf = (label: string) => inFront[label]!.status;
    expect(['an unknown cursor', 'a limit of 0', 'a limit that is not a number', 'a date that is not one'].map(statusOf)).toEqual([400, 400, 400, 400]);
    expect(JSON.parse(inFront['a limit of 0']!.body)).toMatchObject({ errors: { limit: 'limit must be at least 1' } });
    expect(['no key', 'a key we never issued', 'a revoked key'].map(statusOf)).toEqual([401, 401, 401]);
    expect(inFront['a search']!.headers).toMatchObject({
      'x-request-id': 'admin-orders-front-0-0000',
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    });
    expect(inFront['no key']!.headers['cache-control']).toBe('no-store');
  });
});
