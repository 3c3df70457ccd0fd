import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readNotificationsConfig } from './notifications-config.js';
import { UnretryableJobError } from '@storefront/service-kit';
import { OrdersEmailClient, OrdersEmailError, OrdersEmailRefusedError } from './orders-email-client.js';

/** The orders outbox's intake as the client reaches it: answers `status` and counts the calls. */
async function ordersIntake(status: { current: number }): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls += 1;
    req.resume();
    req.on('end', () => {
      res.writeHead(status.current, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status.current === 200 ? { queued: ['k-1'], alreadyQueued: [] } : { message: 'no' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('OrdersEmailClient through the orders breaker', () => {
  const saved = { ...process.env };
  beforeAll(() => Object.assign(process.env, { CIRCUIT_MIN_CALLS: '3', CIRCUIT_ERROR_PERCENT: '50', CIRCUIT_RESET_MS: '200' }));
  afterAll(() => {
    for (const key of ['CIRCUIT_MIN_CALLS', 'CIRCUIT_ERROR_PERCENT', 'CIRCUIT_RESET_MS']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });
  const emails = { emails: [] };

  it('fails a job at once, unsent, while orders keeps failing (the job retries), and delivers once orders answers again', async () => {
    const status = { current: 503 };
    const orders = await ordersIntake(status);
    const client = new OrdersEmailClient({ ...readNotificationsConfig({}), ordersServiceUrl: orders.url, requestTimeoutMs: 2000 });
    try {
      for (let i = 0; i < 3; i++) await expect(client.queue(emails)).rejects.toThrow('orders service answered 503');
      const sent = orders.calls();
      await expect(client.queue(emails)).rejects.toThrow(OrdersEmailError);
      await expect(client.queue(emails)).rejects.toThrow(/circuit breaker is open/);
      expect(orders.calls()).toBe(sent);
      status.current = 200;
      await new Promise((resolve) => setTimeout(resolve, 250));
      await expect(client.queue(emails)).resolves.toEqual({ queued: ['k-1'], alreadyQueued: [] });
    } finally {
      client.onModuleDestroy();
      await orders.close();
    }
  });

  it("does not count orders refusing the request as an outage, and says it can never succeed (400, 401, 403, 413, 422): the job is not retried", async () => {
    const status = { current: 401 };
    const orders = await ordersIntake(status);
    const client = new OrdersEmailClient({ ...readNotificationsConfig({}), ordersServiceUrl: orders.url, requestTimeoutMs: 2000 });
    try {
      for (let i = 0; i < 5; i++) {
        const refused = client.queue(emails);
        await expect(refused).rejects.toBeInstanceOf(OrdersEmailRefusedError);
        await expect(refused).rejects.toBeInstanceOf(UnretryableJobError);
        await expect(refused).rejects.toThrow('orders service refused the e-mails with 401: it does not accept our signature (check FORMS_INTERNAL_SECRET on forms and orders) (no); not retried');
      }
      expect(orders.calls()).toBe(5);
      for (const current of [400, 403, 413, 422]) {
        status.current = current;
        await expect(client.queue(emails)).rejects.toMatchObject({ name: 'OrdersEmailRefusedError', status: current });
      }
      // an answer that may change (a route not deployed yet, a lock) is retried
      for (const current of [404, 409]) {
        status.current = current;
        const retried = client.queue(emails);
        await expect(retried).rejects.toBeInstanceOf(OrdersEmailError);
        await expect(retried).rejects.not.toBeInstanceOf(UnretryableJobError);
      }
    } finally {
      client.onModuleDestroy();
      await orders.close();
    }
  });
});
