import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseTraceparent, runInTrace, type TraceContext } from '@storefront/service-kit';
import { OrdersClient } from './orders-client.js';

/** The orders service as the client reaches it: records the headers of each call and answers it. */
async function ordersStandIn(): Promise<{ url: string; headers: http.IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const headers: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    headers.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ orderId: 'o-1', orderNumber: '100001', amountDue: 1000, currency: 'USD' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    headers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('OrdersClient', () => {
  it("carries the request's trace to the orders service: the same request id and trace-id, its span as parent", async () => {
    const orders = await ordersStandIn();
    try {
      const client = new OrdersClient({ baseUrl: orders.url, internalToken: 'internal-token-0123456789abcdef0123', timeoutMs: 2000 });
      const trace: TraceContext = { requestId: 'req-payment-0001', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: 'a2fb4a1d1a96d312', traceFlags: '01' };
      await runInTrace(trace, async () => {
        await client.payableOrder('o-1');
        await client.reportPaymentResult('o-1', { attemptId: 'a-1' } as never);
      });
      expect(orders.headers).toHaveLength(2);
      for (const sent of orders.headers) {
        expect(sent['x-request-id']).toBe('req-payment-0001');
        expect(parseTraceparent(sent.traceparent)).toEqual({ version: '00', traceId: trace.traceId, parentId: trace.spanId, traceFlags: '01' });
        expect(sent['x-internal-token']).toBe('internal-token-0123456789abcdef0123');
      }

      // outside a request or job there is no trace to carry: orders starts its own
      await client.payableOrder('o-1');
      expect(orders.headers[2]?.['x-request-id']).toBeUndefined();
      expect(orders.headers[2]?.traceparent).toBeUndefined();
    } finally {
      await orders.close();
    }
  });
});
