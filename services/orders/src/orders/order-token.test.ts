import { ForbiddenException } from '@nestjs/common';
import { assertOrderToken, hashOrderToken, newOrderToken } from './order-token.js';

describe('order token', () => {
  it('is 32 random bytes in base64url, stored as its SHA-256', () => {
    const token = newOrderToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newOrderToken()).not.toBe(token);
    expect(hashOrderToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets only the matching token through', () => {
    const token = newOrderToken();
    expect(() => assertOrderToken(token, hashOrderToken(token))).not.toThrow();
    expect(() => assertOrderToken(undefined, hashOrderToken(token))).toThrow(ForbiddenException);
    expect(() => assertOrderToken(newOrderToken(), hashOrderToken(token))).toThrow('The order token does not match this order.');
    // orders placed before tokens existed cannot be changed from a browser
    expect(() => assertOrderToken(token, null)).toThrow(ForbiddenException);
  });
});
