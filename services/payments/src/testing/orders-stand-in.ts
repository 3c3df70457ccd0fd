import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PayableOrder, PaymentResultReport } from '@storefront/contracts';

/**
 * TEST ONLY: a tiny stand-in for the orders service's internal API (GET
 * /internal/orders/:id/payable, POST /internal/orders/:id/payment-result) until the real endpoints
 * land from the issue6-orders branch. It records every report it accepts, and can play
 * "unreachable" (connections are dropped) to exercise the payments service's retries.
 */
export class OrdersStandIn {
  readonly reports: { orderId: string; report: PaymentResultReport; token: string | undefined }[] = [];
  /** orders it knows; any other id is 404 */
  readonly orders = new Map<string, PayableOrder>();
  /** true: every connection is dropped, as if the service were down */
  unreachable = false;
  /** true: only payment-result connections are dropped (orders went down after the payable read) */
  dropReports = false;
  private server: http.Server | undefined;
  url = '';

  static payableOrder(id: string, amountDue: number): PayableOrder {
    const address = { firstName: 'Ada', lastName: 'Lovelace', street1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US' };
    return {
      id,
      orderIncrementId: `1000${id.length}${id.slice(-4)}`,
      status: 'pending_payment',
      total: amountDue,
      amountDue,
      currency: 'USD',
      email: 'ada@example.com',
      paymentId: `pay-${id}`,
      billing: address,
      shipping: address,
    };
  }

  addOrder(id: string, amountDue = 123.45): PayableOrder {
    const order = OrdersStandIn.payableOrder(id, amountDue);
    this.orders.set(id, order);
    return order;
  }

  reportsFor(orderId: string): PaymentResultReport[] {
    return this.reports.filter((r) => r.orderId === orderId).map((r) => r.report);
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.unreachable || (this.dropReports && req.url?.endsWith('/payment-result'))) {
      req.socket.destroy();
      return;
    }
    const match = /^\/internal\/orders\/([^/]+)\/(payable|payment-result)$/.exec(req.url ?? '');
    const order = match ? this.orders.get(decodeURIComponent(match[1]!)) : undefined;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (!match || !order) return send(404, { message: 'Order not found.' });
    if (match[2] === 'payable' && req.method === 'GET') return send(200, order);
    if (match[2] === 'payment-result' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const token = req.headers['x-internal-token'];
        this.reports.push({ orderId: order.id, report: JSON.parse(body) as PaymentResultReport, token: typeof token === 'string' ? token : undefined });
        send(200, { success: true });
      });
      return;
    }
    send(405, { message: 'Method not allowed' });
  }
}
