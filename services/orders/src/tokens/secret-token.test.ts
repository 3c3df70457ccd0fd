import { hashSecretToken, indexOfMatchingHash, newSecretToken } from './secret-token.js';

describe('secret tokens', () => {
  it('are 256 random bits in base64url, stored as their SHA-256 (hex)', () => {
    const token = newSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newSecretToken()).not.toBe(token);
    expect(hashSecretToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretToken(token)).toBe(hashSecretToken(token));
  });

  it('find the stored hash a token matches, never a missing or malformed one', () => {
    const [a, b] = [newSecretToken(), newSecretToken()];
    const stored = [hashSecretToken(a), null, 'not-a-hash', hashSecretToken(b)];
    expect(indexOfMatchingHash(a, stored)).toBe(0);
    expect(indexOfMatchingHash(b, stored)).toBe(3);
    expect(indexOfMatchingHash(newSecretToken(), stored)).toBe(-1);
    expect(indexOfMatchingHash(undefined, stored)).toBe(-1);
    expect(indexOfMatchingHash('', [hashSecretToken('')])).toBe(-1);
    expect(indexOfMatchingHash(a, [])).toBe(-1);
  });
});
