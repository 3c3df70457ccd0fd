import { storedPaymentMethodId } from './idempotency-key.js';

describe('storedPaymentMethodId', () => {
  it('keeps a short token as it is, and a long one (Accept.js opaque data) as its SHA-256, within the column', () => {
    expect(storedPaymentMethodId(undefined)).toBeNull();
    expect(storedPaymentMethodId('pm_1Nabc')).toBe('pm_1Nabc');
    const opaque = `COMMON.ACCEPT.INAPP.PAYMENT:${'eyJjb2RlIjoiNTBf+/'.repeat(40)}==`;
    const stored = storedPaymentMethodId(opaque)!;
    expect(stored).toMatch(/^sha256:[A-Za-z0-9_-]{43}$/);
    expect(stored.length).toBeLessThanOrEqual(128);
    // the same token always gives the same value (a key's replay is recognised), another token another
    expect(storedPaymentMethodId(opaque)).toBe(stored);
    expect(storedPaymentMethodId(`${opaque}A`)).not.toBe(stored);
  });
});
