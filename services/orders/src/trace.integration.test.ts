import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { JobRunner, createOwnDatabase } from '@storefront/service-kit';
import request from 'supertest';
import { EMAIL_QUEUE, type OrdersJobs } from './email/index.js';
import { order, startOrdersTestApp, type OrdersTestApp } from './testing/orders-test-app.js';

/**
 * One shopper's trace through the orders service, read from what the service writes to stdout: the
 * order's create request, the internal calls the payments service makes while the shopper pays (with
 * the headers its OrdersClient sends: the payment request's x-request-id, the trace's traceparent),
 * and the confirmation e-mail job those calls queue. Every line carries the trace-id; the job's lines
 * carry the request id of the call that queued it.
 */

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CREATE_REQUEST_ID = 'req-shopper-create-01';
const PAYMENT_REQUEST_ID = 'req-shopper-payment-01';


type Line = Record<string, unknown>;
const written: string[] = [];
let app: OrdersTestApp;
const saved = { DATABASE_URL: process.env.DATABASE_URL, EMAIL_WORKER_ENABLED: process.env.EMAIL_WORKER_ENABLED };

let stdout: jest.SpyInstance | undefined;

beforeAll(async () => {
  // everything the service writes goes to `written` (the tests read it), not to the test's output
  stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  process.env.DATABASE_URL = await createOwnDatabase('orders_trace');
  process.env.EMAIL_WORKER_ENABLED = 'false'; // the test runs the job itself (runDue)
  app = await startOrdersTestApp({ logLevels: ['fatal', 'error', 'warn', 'log'] });
  // the order e-mails' From and admin recipients (content/settings/notifications.json)
  await copyFile(path.resolve(__dirname, '..', '..', '..', 'content', 'settings', 'notifications.json'), path.join(process.env.CONTENT_DIR!, 'settings', 'notifications.json'));
}, 60_000);

afterAll(async () => {
  await app?.close();
  stdout?.mockRestore();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Runs `work`, then reads the lines the process wrote to stdout meanwhile (the service logger's and the request lines). */
async function capturingStdout(work: () => Promise<void>): Promise<Line[]> {
  const from = written.length;
  await work();
  // request lines are written together once per turn of the event loop
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return written
    .slice(from)
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
}

describe("one shopper's trace through the orders service", () => {
  it('the create request, the internal calls made while paying and the e-mail job it queued share the trace-id in every log line', async () => {
    let orderId = '';
    const lines = await capturingStdout(async () => {
      const created = await request(app.server)
        .post('/api/order')
        .set('x-request-id', CREATE_REQUEST_ID)
        .set('traceparent', `00-${TRACE_ID}-1111111111111111-01`)
        .send(order)
        .expect(201);
      orderId = created.body.data.id;
      const total = created.body.data.total as number;

      // what payments' OrdersClient sends while it handles the shopper's payment request (traceHeaders())
      const payment = { 'x-request-id': PAYMENT_REQUEST_ID, traceparent: `00-${TRACE_ID}-2222222222222222-01` };
      await request(app.server).get(`/internal/orders/${orderId}/payable`).set(payment).expect(200);
      await request(app.server)
        .post(`/internal/orders/${orderId}/payment-result`)
        .set(payment)
        .send({ attemptId: 'attempt-trace-1', gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status: 'completed', amount: total, transactionId: 'tx-trace-1' })
        .expect(200);

      // the customer's confirmation and the admin's New Order e-mail, delivered by the job runner
      expect(await app.app.get(JobRunner<OrdersJobs>).runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    });

    const requestLine = (method: string, pathname: string) => lines.find((line) => line.message === 'request' && line.method === method && line.path === pathname);
    expect(requestLine('POST', '/api/order')).toMatchObject({ requestId: CREATE_REQUEST_ID, traceId: TRACE_ID, status: 201 });
    expect(requestLine('GET', `/internal/orders/${orderId}/payable`)).toMatchObject({ requestId: PAYMENT_REQUEST_ID, traceId: TRACE_ID, status: 200 });
    expect(requestLine('POST', `/internal/orders/${orderId}/payment-result`)).toMatchObject({ requestId: PAYMENT_REQUEST_ID, traceId: TRACE_ID, status: 200 });

    const sent = lines.filter((line) => line.event === 'email.sent');
    expect(sent).toHaveLength(2);
    for (const line of sent) expect(line).toMatchObject({ orderId, requestId: PAYMENT_REQUEST_ID, traceId: TRACE_ID });

    // and not only those: every line written about this order carries the trace
    const aboutTheOrder = lines.filter((line) => line.orderId === orderId || (typeof line.path === 'string' && line.path.includes(orderId)));
    expect(aboutTheOrder.length).toBeGreaterThanOrEqual(5);
    for (const line of aboutTheOrder) expect(line.traceId).toBe(TRACE_ID);
  });

  it("shows the calls and the e-mail queue on the service's /metrics", async () => {
    const res = await request(app.server).get('/metrics').expect(200);
    expect(res.text).toContain('storefront_http_requests_total{method="POST",route="/internal/orders/:id/payment-result",status="200",service="orders"} 1');
    expect(res.text).toContain('storefront_http_requests_total{method="POST",route="/api/order",status="201",service="orders"} 1');
    expect(res.text).toContain('storefront_job_queue_depth{queue="email",service="orders"} 0');
    expect(res.text).toContain('storefront_job_dead_letters{queue="email",service="orders"} 0');
    // both e-mails went out: nothing waits in the outbox
    expect(res.text).toContain('storefront_email_outbox_oldest_queued_seconds{service="orders"} 0');
    expect(res.text).toContain('storefront_email_outbox_queued{service="orders"} 0');
  });
});
