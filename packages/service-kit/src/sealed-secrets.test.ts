import { randomBytes } from 'node:crypto';
import { SealedValueError, SecretBox, developmentEncryptionKey, encryptionKey, parseEncryptionKey, productionEncryptionKey } from './sealed-secrets.js';

const VARIABLE = 'SOME_ENCRYPTION_KEY';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals as v1:<iv>:<tag>:<ciphertext> (base64url), a new IV each time, and opens in the same context', () => {
    const first = box.seal('JBSWY3DPEHPK3PXP', 'staff-totp:1');
    const second = box.seal('JBSWY3DPEHPK3PXP', 'staff-totp:1');
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(second).not.toBe(first);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(first, 'staff-totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(SecretBox.isSealed(first)).toBe(true);
    // a base32 authenticator key never has a colon: what was stored before sealing is told apart
    expect(SecretBox.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
  });

  it('refuses another context (a value copied to another row), another key and a changed value', () => {
    const sealed = box.seal('secret', 'staff-totp:1');
    expect(() => box.open(sealed, 'staff-totp:2')).toThrow(SealedValueError);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'staff-totp:1')).toThrow(SealedValueError);
    const [version, iv, tag, data] = sealed.split(':');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join(':'), 'staff-totp:1')).toThrow(SealedValueError);
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'staff-totp:1')).toThrow(SealedValueError);
  });

  it('takes only a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('an encryption key from the environment', () => {
  const key = randomBytes(32);

  it('reads 64 hex digits, base64 and base64url', () => {
    for (const written of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) expect(parseEncryptionKey(written)).toEqual(key);
    expect(parseEncryptionKey(randomBytes(16).toString('hex'))).toBeUndefined();
    expect(parseEncryptionKey(randomBytes(24).toString('base64'))).toBeUndefined();
    expect(parseEncryptionKey('not a key at all')).toBeUndefined();
  });

  it('falls back to development\'s key when unset, and never echoes a bad value', () => {
    expect(encryptionKey(VARIABLE, developmentEncryptionKey(VARIABLE)).read(undefined)).toEqual({ value: developmentEncryptionKey(VARIABLE) });
    const bad = encryptionKey(VARIABLE, developmentEncryptionKey(VARIABLE)).read('hunter2-hunter2');
    expect(bad).toEqual({ problem: expect.stringMatching(/^SOME_ENCRYPTION_KEY must be 32 random bytes/) });
    expect(JSON.stringify(bad)).not.toContain('hunter2');
  });

  it('in production: required, never the development key, never a pattern', () => {
    const rule = productionEncryptionKey(VARIABLE, 'the keys are readable without it');
    expect(rule.read(key.toString('base64'))).toEqual({ value: key });
    expect(rule.read(undefined)).toEqual({ problem: expect.stringMatching(/^SOME_ENCRYPTION_KEY is missing: the keys are readable without it; production needs 32 random bytes/) });
    expect(rule.read(developmentEncryptionKey(VARIABLE).toString('hex'))).toEqual({ problem: expect.stringMatching(/^SOME_ENCRYPTION_KEY is the development-only key/) });
    expect(rule.read('00'.repeat(32))).toEqual({ problem: expect.stringMatching(/^SOME_ENCRYPTION_KEY is not random/) });
    expect(rule.read(Buffer.from('abcdefgh'.repeat(4)).toString('base64'))).toEqual({ problem: expect.stringMatching(/is not random/) });
  });
});
