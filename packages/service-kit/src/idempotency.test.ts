import { BadRequestException } from '@nestjs/common';
import { idempotencyKeyHash, parseIdempotencyKey, requestFingerprint } from './idempotency.js';

describe('parseIdempotencyKey', () => {
  it('accepts a UUID and no header at all', () => {
    expect(parseIdempotencyKey('7f1c2a9e-0c1d-4c8e-9b7a-2f3e4d5c6b7a')).toBe('7f1c2a9e-0c1d-4c8e-9b7a-2f3e4d5c6b7a');
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
  });

  it('answers 400 for a short, long, odd or repeated key', () => {
    for (const bad of ['short', 'x'.repeat(129), 'has space here', ['aaaaaaaa', 'bbbbbbbb']]) {
      expect(() => parseIdempotencyKey(bad)).toThrow(BadRequestException);
    }
  });
});

describe('idempotencyKeyHash', () => {
  it('differs per scope for one key, and per key for one scope', () => {
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(idempotencyKeyHash('order.create', key)).toMatch(/^[0-9a-f]{64}$/);
    expect(idempotencyKeyHash('order.create', key)).toBe(idempotencyKeyHash('order.create', key));
    expect(idempotencyKeyHash('order.create', key)).not.toBe(idempotencyKeyHash('order.update', key));
    expect(idempotencyKeyHash('order.create', key)).not.toBe(idempotencyKeyHash('order.create', `${key}x`));
  });
});

describe('requestFingerprint', () => {
  it('ignores key order but not values or scope', () => {
    const a = requestFingerprint('order.create', { a: 1, b: { c: [1, 2], d: 'x' } });
    expect(requestFingerprint('order.create', { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(a);
    expect(requestFingerprint('order.create', { a: 1, b: { c: [2, 1], d: 'x' } })).not.toBe(a);
    expect(requestFingerprint('order.update', { a: 1, b: { c: [1, 2], d: 'x' } })).not.toBe(a);
  });
});
