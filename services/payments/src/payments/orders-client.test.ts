import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConflictException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { UpstreamCircuitOpenError, parseTraceparent, runInTrace, validInternalSignature, type TraceContext } from '@storefront/service-kit';
import { OrdersClient } from './orders-client.js';

/** The orders service as the client reaches it: records the headers of each call and answers it (`status`, 200 by default). */
async function ordersStandIn(
  status: { current: number } = { current: 200 },
): Promise<{ url: string; headers: http.IncomingHttpHeaders[]; calls: { method: string; path: string; body: Buffer }[]; close: () => Promise<void> }> {
  const headers: http.IncomingHttpHeaders[] = [];
  const calls: { method: string; path: string; body: Buffer }[] = [];
  const server = http.createServer((req, res) => {
    headers.push(req.headers);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      calls.push({ method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(status.current, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ orderId: 'o-1', orderNumber: '100001', amountDue: 1000, currency: 'USD', scope: 'sample-order' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    headers,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('OrdersClient', () => {
  it("carries the request's trace to the orders service: the same request id and trace-id, its span as parent", async () => {
    const orders = await ordersStandIn();
    try {
      const secret = 'payments-secret-0123456789abcdefghijklmnop';
      const client = new OrdersClient({ baseUrl: orders.url, internalSecret: secret, timeoutMs: 2000 });
      const trace: TraceContext = { requestId: 'req-payment-0001', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: 'a2fb4a1d1a96d312', traceFlags: '01' };
      await runInTrace(trace, async () => {
        await client.payableOrder('o-1');
        await client.reportPaymentResult('o-1', { attemptId: 'a-1' } as never);
      });
      expect(orders.headers).toHaveLength(2);
      for (const sent of orders.headers) {
        expect(sent['x-request-id']).toBe('req-payment-0001');
        expect(parseTraceparent(sent.traceparent)).toEqual({ version: '00', traceId: trace.traceId, parentId: trace.spanId, traceFlags: '01' });
        expect(sent['x-internal-caller']).toBe('payments');
        expect(sent['x-internal-token']).toBeUndefined();
      }
      // signed over what orders receives: the method, the path with its query and the exact body; the secret never travels
      for (const [index, call] of orders.calls.entries()) {
        const signature = orders.headers[index]?.['x-internal-signature'] as string | undefined;
        expect(signature).not.toContain(secret);
        expect(validInternalSignature({ method: call.method, pathWithQuery: call.path, rawBody: call.body, signature, secret })).toBe(true);
        expect(validInternalSignature({ method: call.method, pathWithQuery: call.path, rawBody: Buffer.from('{}'), signature, secret })).toBe(call.body.toString() === '{}');
      }
      expect(orders.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /internal/orders/o-1/payable', 'POST /internal/orders/o-1/payment-result']);
      // the report's answer is not read beyond its status: orders is asked not to build the order's view
      expect(orders.headers[1]?.prefer).toBe('return=minimal');

      // outside a request or job there is no trace to carry: orders starts its own
      await client.payableOrder('o-1');
      expect(orders.headers[2]?.['x-request-id']).toBeUndefined();
      expect(orders.headers[2]?.traceparent).toBeUndefined();
      client.onModuleDestroy();
    } finally {
      await orders.close();
    }
  });

  describe('its breaker', () => {
    const circuit = { errorThresholdPercentage: 50, volumeThreshold: 3, rollingCountTimeoutMs: 10000, resetTimeoutMs: 200 };

    it("does not count orders' own answers about the order (404, 400)", async () => {
      const status = { current: 404 };
      const orders = await ordersStandIn(status);
      const client = new OrdersClient({ baseUrl: orders.url, timeoutMs: 2000, circuit });
      try {
        for (let i = 0; i < 4; i++) await expect(client.payableOrder('o-1')).rejects.toBeInstanceOf(NotFoundException);
        status.current = 200;
        await expect(client.payableOrder('o-1')).resolves.toMatchObject({ amountDue: 1000 });
      } finally {
        client.onModuleDestroy();
        await orders.close();
      }
    });

    it('opens while orders fails (5xx): payments are answered ORDERS_UNAVAILABLE and reports refused without a call, until orders answers again', async () => {
      const status = { current: 503 };
      const orders = await ordersStandIn(status);
      const client = new OrdersClient({ baseUrl: orders.url, timeoutMs: 2000, circuit });
      try {
        for (let i = 0; i < 3; i++) await expect(client.payableOrder('o-1')).rejects.toBeInstanceOf(ServiceUnavailableException);
        const sent = orders.headers.length;
        await expect(client.payableOrder('o-1')).rejects.toBeInstanceOf(ServiceUnavailableException);
        // the report's job sees the refusal and tries again later: nothing is dropped
        await expect(client.reportPaymentResult('o-1', { attemptId: 'a-1' } as never)).rejects.toBeInstanceOf(UpstreamCircuitOpenError);
        expect(orders.headers).toHaveLength(sent);
        status.current = 200;
        await new Promise((resolve) => setTimeout(resolve, 250));
        await expect(client.reportPaymentResult('o-1', { attemptId: 'a-1' } as never)).resolves.toBeUndefined();
        await expect(client.payableOrder('o-1')).resolves.toMatchObject({ amountDue: 1000 });
      } finally {
        client.onModuleDestroy();
        await orders.close();
      }
    });

    it('counts an orders service that cannot be reached', async () => {
      const client = new OrdersClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000, circuit });
      try {
        for (let i = 0; i < 3; i++) await expect(client.reportPaymentResult('o-1', { attemptId: 'a-1' } as never)).rejects.toThrow('fetch failed');
        await expect(client.reportPaymentResult('o-1', { attemptId: 'a-1' } as never)).rejects.toBeInstanceOf(UpstreamCircuitOpenError);
      } finally {
        client.onModuleDestroy();
      }
    });
  });
  it("passes on an order's refusal to be paid (409: canceled by staff) as a 409 to the shopper, never as an outage", async () => {
    const orders = await ordersStandIn({ current: 409 });
    try {
      const client = new OrdersClient({ baseUrl: orders.url, timeoutMs: 2000 });
      const refused = await client.payableOrder('o-1').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConflictException);
      expect(refused).not.toBeInstanceOf(ServiceUnavailableException);
    } finally {
      await orders.close();
    }
  });
});
