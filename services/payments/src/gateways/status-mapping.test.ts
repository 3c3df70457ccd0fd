import { mapAuthorizeResponseCode } from './authorizenet/response-codes.js';
import { mapPayPalStatus } from './paypal/paypal-status.js';
import { mapCardIntentStatus, nextCardIntentStep } from './card-intents/status-mapping.js';

describe('gateway status mapping (spec section 4)', () => {
  it.each([
    ['1', 'completed'],
    [2, 'failed'], // Authorize.Net's "declined": see response-codes.ts for this reading of the table
    ['3', 'failed'],
    ['4', 'on_hold'],
    ['9', 'failed'],
  ])('Authorize-style code %s -> %s', (code, status) => {
    expect(mapAuthorizeResponseCode(code)).toBe(status);
  });

  it.each([
    ['succeeded', 'completed'],
    ['requires_payment_method', 'pending'],
    ['processing', 'pending'],
    ['requires_capture', 'pending'],
    ['requires_confirmation', 'pending'],
    ['canceled', 'failed'],
    ['requires_action', 'on_hold'],
    ['something_new', 'failed'],
    ['toString', 'failed'],
  ])('card intent %s -> %s', (raw, status) => {
    expect(mapCardIntentStatus(raw)).toBe(status);
  });

  it.each([
    ['COMPLETED', 'completed'],
    ['PENDING', 'pending'],
    ['processing', 'pending'],
    ['CREATED', 'on_hold'],
    ['APPROVED', 'pending'],
    ['VOIDED', 'failed'],
    ['SOMETHING_NEW', 'failed'],
  ])('PayPal %s -> %s', (raw, status) => {
    expect(mapPayPalStatus(raw)).toBe(status);
  });
});

describe('card intent handling', () => {
  it('confirms an intent waiting for a payment method or confirmation', () => {
    expect(nextCardIntentStep('requires_payment_method', false)).toEqual({ kind: 'confirm' });
    expect(nextCardIntentStep('requires_confirmation', false)).toEqual({ kind: 'confirm' });
  });

  it('captures an authorised intent', () => {
    expect(nextCardIntentStep('requires_capture', false)).toEqual({ kind: 'capture' });
  });

  it('redirects to the challenge when the gateway offers one, else asks for authentication', () => {
    expect(nextCardIntentStep('requires_action', true)).toEqual({ kind: 'redirect' });
    expect(nextCardIntentStep('requires_action', false)).toEqual({ kind: 'stop', message: 'Additional authentication required' });
  });

  it('retrieves a succeeded intent', () => {
    expect(nextCardIntentStep('succeeded', false)).toEqual({ kind: 'retrieve' });
  });

  it('names any other status', () => {
    expect(nextCardIntentStep('processing', false)).toEqual({ kind: 'stop', message: 'Unexpected payment status: processing' });
    expect(nextCardIntentStep('canceled', true)).toEqual({ kind: 'stop', message: 'Unexpected payment status: canceled' });
  });
});
