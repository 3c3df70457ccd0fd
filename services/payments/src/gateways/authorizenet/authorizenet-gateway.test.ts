import { createHmac } from 'node:crypto';
import { WebhookSignatureError } from '../payment-gateway.js';
import { authorizeNetStatus, invoiceNumberOf, parseAuthorizeNetWebhook, parseOpaqueToken } from './authorizenet-gateway.js';

describe('Authorize.Net response codes (spec §4, read as Authorize.Net means them)', () => {
  it.each([
    ['1', undefined, 'completed'],
    ['2', '2', 'failed'],
    ['3', '8', 'failed'],
    ['4', '252', 'on_hold'],
    ['4', '253', 'pending'],
    ['9', undefined, 'failed'],
  ])('code %s (reason %s) -> %s', (code, reason, status) => {
    expect(authorizeNetStatus(code, reason)).toBe(status);
  });
});

describe('the reference as Authorize.Net keeps it', () => {
  it('is 20 characters of the attempt id, the same each time', () => {
    expect(invoiceNumberOf('3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b')).toBe('3f2a9c1e5b7d4e8f9a0b');
    expect(invoiceNumberOf('3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b')).toHaveLength(20);
  });
});

describe('the card token', () => {
  it('is Accept.js opaque data as descriptor:value', () => {
    expect(parseOpaqueToken('COMMON.ACCEPT.INAPP.PAYMENT:ab+/cd==')).toEqual({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'ab+/cd==' });
    for (const bad of [undefined, '', 'tok_sandbox_succeeds', 'COMMON.ACCEPT.INAPP.PAYMENT:', ':abc', 'A:b c']) expect(parseOpaqueToken(bad)).toBeNull();
  });
});

describe("Authorize.Net's webhook signature", () => {
  const key = 'C'.repeat(128);
  const body = JSON.stringify({ notificationId: 'n-1', eventType: 'net.authorize.payment.authcapture.created', payload: { entityName: 'transaction', id: '60000000001' } });
  const sign = (text: string, withKey = key) => `sha512=${createHmac('sha512', withKey).update(text).digest('hex').toUpperCase()}`;

  it('reads the event id and the transaction from a signed body', () => {
    expect(parseAuthorizeNetWebhook({ headers: { 'x-anet-signature': sign(body) }, rawBody: Buffer.from(body) }, key)).toEqual({
      id: 'n-1',
      type: 'net.authorize.payment.authcapture.created',
      paymentId: '60000000001',
    });
  });

  it('ignores events about something other than a transaction', () => {
    const other = JSON.stringify({ notificationId: 'n-2', eventType: 'net.authorize.customer.created', payload: { entityName: 'customerProfile', id: '1' } });
    expect(parseAuthorizeNetWebhook({ headers: { 'x-anet-signature': sign(other) }, rawBody: Buffer.from(other) }, key).paymentId).toBeNull();
  });

  it.each([
    ['another key', () => sign(body, 'D'.repeat(128))],
    ['no prefix', () => sign(body).slice('sha512='.length)],
    ['a short signature', () => 'sha512=ABCDEF'],
    ['none', () => undefined],
  ])('refuses %s', (_what, header) => {
    expect(() => parseAuthorizeNetWebhook({ headers: { 'x-anet-signature': header() }, rawBody: Buffer.from(body) }, key)).toThrow(WebhookSignatureError);
  });

  it('refuses everything without a signature key', () => {
    expect(() => parseAuthorizeNetWebhook({ headers: { 'x-anet-signature': sign(body) }, rawBody: Buffer.from(body) }, undefined)).toThrow(WebhookSignatureError);
  });
});
