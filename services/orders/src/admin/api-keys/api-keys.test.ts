import type { Request } from 'express';
import { auditTable } from '../audit/admin-audit.js';
import { bearerOf, readAdminLimits } from './admin-access.js';
import { API_KEY_PATTERN, apiKeysTable, checkKeyName, hashApiKey } from './api-keys.js';

describe('API key names', () => {
  it('are trimmed and must say something, briefly, in printable characters', () => {
    expect(checkKeyName('  reliability harness ')).toEqual({ name: 'reliability harness' });
    expect(checkKeyName('   ')).toEqual({ error: 'The API key needs a name (who or what uses it, e.g. "reliability-harness").' });
    expect(checkKeyName('x'.repeat(101))).toEqual({ error: "The API key's name must be at most 100 characters." });
    expect(checkKeyName('ops\nadmin')).toEqual({ error: "The API key's name must not contain control characters." });
  });
});

describe('API keys', () => {
  it('are sfk_ and 43 base64url characters; stored as the SHA-256 of the whole key', () => {
    expect(API_KEY_PATTERN.test(`sfk_${'a'.repeat(43)}`)).toBe(true);
    expect(API_KEY_PATTERN.test(`sfk_${'a'.repeat(42)}`)).toBe(false);
    expect(API_KEY_PATTERN.test(`xyz_${'a'.repeat(43)}`)).toBe(false);
    expect(hashApiKey('sfk_abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey('sfk_abc')).not.toBe(hashApiKey('sfk_abd'));
  });

  it('read the bearer of Authorization: Bearer <key> only', () => {
    const request = (authorization?: string) => ({ get: () => authorization }) as unknown as Request;
    expect(bearerOf(request('Bearer sfk_abc'))).toBe('sfk_abc');
    expect(bearerOf(request('bearer   sfk_abc '))).toBe('sfk_abc');
    expect(bearerOf(request('Basic sfk_abc'))).toBeUndefined();
    expect(bearerOf(request('Bearer a b'))).toBeUndefined();
    expect(bearerOf(request())).toBeUndefined();
  });

  it('list as a table, never with the key', () => {
    const table = apiKeysTable([{ id: 'k-1', name: 'ops', role: 'sales', createdAt: '2026-11-28T04:00:00.000Z', lastUsedAt: null, revokedAt: '2026-11-28T05:00:00.000Z' }]);
    expect(table.split('\n')).toEqual(['ID   NAME  ROLE   CREATED (UTC)     LAST USED  REVOKED', 'k-1  ops   sales  2026-11-28 04:00  -          2026-11-28 05:00']);
    expect(apiKeysTable([])).toMatch(/^No API keys/);
  });
});

describe('the admin limits', () => {
  it('default to 60 calls a minute and 10 failed keys per address, and refuse what is not a count', () => {
    expect(readAdminLimits({})).toEqual({ perMinute: 60, failedKeys: 10 });
    expect(readAdminLimits({ RATE_LIMIT_ADMIN_PER_MINUTE: '120', RATE_LIMIT_ADMIN_FAILED_KEYS: '5' })).toEqual({ perMinute: 120, failedKeys: 5 });
    expect(() => readAdminLimits({ RATE_LIMIT_ADMIN_FAILED_KEYS: '0' })).toThrow(/RATE_LIMIT_ADMIN_FAILED_KEYS must be a whole number between 1 and 1000000/);
  });
});

describe('the audit table', () => {
  it('shows when, who, what, on what and how it ended', () => {
    const table = auditTable([
      {
        id: '1',
        at: '2026-11-28T04:00:00.000Z',
        keyId: null,
        staffId: null,
        actor: 'cli:ann',
        action: 'order.split-payment',
        target: 'SF-100013',
        outcome: 'refused',
        detail: 'Order not found.',
        before: null,
        after: null,
      },
    ]);
    expect(table.split('\n')[1]).toBe('2026-11-28 04:00:00  cli:ann  order.split-payment  SF-100013  refused: Order not found.');
    expect(auditTable([])).toBe('No back-office writes recorded.');
  });
});
