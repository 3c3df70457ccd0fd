import argon2 from 'argon2';
import { PASSWORD_HASH_OPTIONS, Passwords } from './passwords.js';

const passwords = new Passwords();

describe('Passwords', () => {
  it('hashes with argon2id at least at OWASP\'s minimum, salted, and verifies only the same password', async () => {
    const first = await passwords.hash('Correct horse 1');
    const second = await passwords.hash('Correct horse 1');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=\d+,p=\d+,t=\d+\$/);
    const [, m, p, t] = /m=(\d+),p=(\d+),t=(\d+)/.exec(first)!.map(Number);
    expect(m).toBeGreaterThanOrEqual(19_456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Correct horse');
    await expect(passwords.verify(first, 'Correct horse 1')).resolves.toBe(true);
    await expect(passwords.verify(first, 'correct horse 1')).resolves.toBe(false);
  });

  it('says a hash made with weaker options needs re-hashing, and today\'s does not', async () => {
    const weak = await argon2.hash('Correct horse 1', { ...PASSWORD_HASH_OPTIONS, memoryCost: 8192, timeCost: 1 });
    expect(passwords.needsRehash(weak)).toBe(true);
    expect(passwords.needsRehash(await passwords.hash('Correct horse 1'))).toBe(false);
  });

  it('answers false, never throws, for a stored value that is no hash, and for nobody', async () => {
    await expect(passwords.verify('not a hash', 'x')).resolves.toBe(false);
    await expect(passwords.verifyNobody('Correct horse 1')).resolves.toBe(false);
  });
});
