import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { FormField } from '@storefront/contracts';
import { fieldTypeOf } from '@storefront/form-schema';

/** scrypt cost (N=2^15, r=8, p=1: about 32 MB and tens of milliseconds per hash). */
const COST = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
export const PASSWORD_HASH_PREFIX = 'scrypt$';

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N=32768,r=8,p=1$<salt>$<hash>` (base64url), a fresh salt per value. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return `${PASSWORD_HASH_PREFIX}N=${COST.N},r=${COST.r},p=${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** For the accounts that will sign in with these: true when `password` is the one hashed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, params, salt, hash] = stored.split('$');
  if (`${scheme}$` !== PASSWORD_HASH_PREFIX || !params || !salt || !hash) return false;
  const cost = Object.fromEntries(params.split(',').map((pair) => pair.split('=') as [string, string]));
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(cost.N),
    r: Number(cost.r),
    p: Number(cost.p),
    maxmem: COST.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether any field, group sub-fields included, is a secret (the registry's `secret`: a password). */
function hasPasswordField(fields: readonly FormField[]): boolean {
  return fields.some((field) => fieldTypeOf(field).secret || (fieldTypeOf(field).group && hasPasswordField(field.fields ?? [])));
}

/**
 * The values with every password field's text replaced by its hash: a password is never stored, logged
 * or exported as typed.
 */
export async function withHashedPasswords(fields: readonly FormField[], values: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!hasPasswordField(fields)) return values;
  const result: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = result[field.name];
    const type = fieldTypeOf(field);
    if (type.secret && typeof value === 'string') result[field.name] = await hashPassword(value);
    if (type.group && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      result[field.name] = await withHashedPasswords(field.fields ?? [], value as Record<string, unknown>);
    }
  }
  return result;
}

/** The names of password fields at the top level and in groups ("group.field"), for the export to leave out. */
export function passwordFieldNames(fields: readonly FormField[]): Set<string> {
  const names = new Set<string>();
  for (const field of fields) {
    const type = fieldTypeOf(field);
    if (type.secret) names.add(field.name);
    if (type.group) for (const inner of passwordFieldNames(field.fields ?? [])) names.add(`${field.name}.${inner}`);
  }
  return names;
}
