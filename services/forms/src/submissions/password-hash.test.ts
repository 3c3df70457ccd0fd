import type { FormField } from '@storefront/contracts';
import { hashPassword, passwordFieldNames, verifyPassword, withHashedPasswords } from './password-hash.js';

describe('hashPassword', () => {
  it('stores scrypt with a salt of its own per value, and verifies only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a).toMatch(/^scrypt\$N=32768,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    await expect(verifyPassword('correct horse', a)).resolves.toBe(true);
    await expect(verifyPassword('correct horsE', a)).resolves.toBe(false);
    await expect(verifyPassword('correct horse', 'correct horse')).resolves.toBe(false);
  });
});

describe('withHashedPasswords', () => {
  const fields: FormField[] = [
    { name: 'email', type: 'email' },
    { name: 'password', type: 'password' },
    { name: 'admin', type: 'group', fields: [{ name: 'pin', type: 'password' }] },
  ];

  it('replaces every password value (in groups too) and leaves the rest', async () => {
    const values = await withHashedPasswords(fields, { email: 'a@b.co', password: 'hunter22', admin: { pin: '1234' } });
    expect(values.email).toBe('a@b.co');
    expect(values.password).toMatch(/^scrypt\$/);
    expect((values.admin as { pin: string }).pin).toMatch(/^scrypt\$/);
    expect(JSON.stringify(values)).not.toMatch(/hunter22|1234/);
  });

  it('names the password fields for the export', () => {
    expect([...passwordFieldNames(fields)]).toEqual(['password', 'admin.pin']);
  });
});
