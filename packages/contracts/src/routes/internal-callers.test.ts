import { INTERNAL_CALLERS } from '../http/route.js';
import { API_ROUTES, formRoutes, jobRoutes, orderRoutes, paymentRoutes } from './index.js';

describe('internal routes name their callers', () => {
  it('every internal route names at least one caller, and only internal routes name any', () => {
    for (const route of API_ROUTES) {
      if (route.access === 'internal') {
        // the path in the failure message says which entry forgot its callers
        expect({ route: route.path, named: (route.callers?.length ?? 0) > 0 }).toEqual({ route: route.path, named: true });
        for (const caller of route.callers ?? []) expect(INTERNAL_CALLERS).toContain(caller);
      } else {
        expect({ route: route.path, callers: route.callers }).toEqual({ route: route.path, callers: undefined });
      }
    }
  });

  it('payments alone reads and reports payments; forms alone queues form e-mails', () => {
    expect(orderRoutes.payable.callers).toEqual(['payments']);
    expect(orderRoutes.paymentResult.callers).toEqual(['payments']);
    expect(orderRoutes.queueFormEmails.callers).toEqual(['forms']);
  });

  it('orders alone asks payments for refunds and an order\'s payments (the back office goes through orders)', () => {
    expect(paymentRoutes.refundPayment.callers).toEqual(['orders']);
    expect(paymentRoutes.orderPayments.callers).toEqual(['orders']);
    // and orders never names itself on its own routes (but the job dead letters, which every service with jobs serves alike)
    const jobPaths = new Set<string>(Object.values(jobRoutes).map((route) => route.path));
    for (const route of API_ROUTES.filter((entry) => entry.service === 'orders' && !jobPaths.has(entry.path))) expect(route.callers ?? []).not.toContain('orders');
  });

  it("orders alone reads the leads and the job dead letters, for its staff (the back office)", () => {
    for (const route of [...Object.values(formRoutes), ...Object.values(jobRoutes)].filter((entry) => entry.access === 'internal')) {
      expect({ route: `${route.method} ${route.path} (${route.service})`, callers: route.callers }).toEqual({ route: `${route.method} ${route.path} (${route.service})`, callers: ['orders'] });
    }
    expect(Object.values(jobRoutes).map((route) => route.service).sort()).toEqual(['forms', 'forms', 'orders', 'orders', 'payments', 'payments']);
  });
});
