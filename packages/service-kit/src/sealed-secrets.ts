import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EnvReader } from './env-config.js';

/**
 * AES-256-GCM, the one cipher every sealed value in the services uses (an idempotent answer's secret,
 * a staff member's authenticator key): a random 96-bit IV per value (GCM's own size; with random IVs a
 * key stays safe for far more values than any table here holds) and the 128-bit tag, so a changed
 * value fails to open rather than opening to something else. `context` is authenticated, not stored:
 * a value opens only where it was sealed (another row's or purpose's context refuses it).
 */
export interface SealedParts {
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

export const ENCRYPTION_KEY_BYTES = 32;

export function aesGcmSeal(key: Buffer, plaintext: string, context?: string): SealedParts {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

/** The plaintext; throws when the key, the context or the value is not the one it was sealed with. */
export function aesGcmOpen(key: Buffer, { iv, tag, data }: SealedParts, context?: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/**
 * The format's version: `v1` is AES-256-GCM under the variable's current key. A later rotation adds a
 * version (or a key id) beside it, so values sealed before stay readable while they are sealed again.
 */
const V1 = 'v1';

/** Why a sealed value did not open: a wrong or changed key, another row's value, or a damaged one. */
export class SealedValueError extends Error {
  override readonly name = 'SealedValueError';
}

/**
 * Values sealed with a key from the environment, as `v1:<iv>:<tag>:<ciphertext>` (each base64url): for
 * a secret the server must read again (an authenticator key), where a hash would not do.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== ENCRYPTION_KEY_BYTES) throw new Error(`an encryption key is ${ENCRYPTION_KEY_BYTES} bytes (got ${key.length})`);
  }

  /** Is `value` in a sealed format (as opposed to a value stored before sealing began)? */
  static isSealed(value: string): boolean {
    return value.startsWith(`${V1}:`);
  }

  seal(plaintext: string, context: string): string {
    const { iv, tag, data } = aesGcmSeal(this.key, plaintext, context);
    return [V1, ...[iv, tag, data].map((part) => part.toString('base64url'))].join(':');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, data, ...rest] = sealed.split(':');
    if (version !== V1 || iv === undefined || tag === undefined || data === undefined || rest.length > 0) {
      throw new SealedValueError('not a sealed value (v1:<iv>:<tag>:<ciphertext>)');
    }
    try {
      return aesGcmOpen(this.key, { iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), data: Buffer.from(data, 'base64url') }, context);
    } catch {
      throw new SealedValueError('the sealed value does not open with this key and context (another key, or a changed value)');
    }
  }
}

/**
 * A development-only key: derived from a public label, so anyone can compute it. It lets `npm start`
 * and the tests seal without setup; production refuses it (productionEncryptionKey).
 */
export function developmentEncryptionKey(variable: string): Buffer {
  return createHash('sha256').update(`storefront development-only encryption key\n${variable}`, 'utf8').digest();
}

/** 32 bytes written as 64 hex digits or as base64 / base64url (44 or 43 characters). */
export function parseEncryptionKey(raw: string): Buffer | undefined {
  const value = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return undefined;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === ENCRYPTION_KEY_BYTES ? key : undefined;
}

const KEY_ADVICE = `${ENCRYPTION_KEY_BYTES} random bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)`;

/** An encryption key (ENCRYPTION_KEY_BYTES); unset: `fallback` (development's key). */
export function encryptionKey(variable: string, fallback: Buffer): EnvReader<Buffer> {
  return {
    variable,
    read(raw) {
      if (raw === undefined || raw.trim() === '') return { value: fallback };
      const key = parseEncryptionKey(raw);
      // never echo the value: it is the key, or nearly
      return key ? { value: key } : { problem: `${variable} must be ${KEY_ADVICE} (got ${raw.trim().length} characters)` };
    },
  };
}

/**
 * Fewer distinct bytes than this is no random key but a pattern (all zeros, a repeated word): 32
 * random bytes have about 30 distinct ones, and fewer than 12 happens less than once in 10^25.
 */
const MIN_KEY_DISTINCT_BYTES = 12;

/**
 * An encryption key in production: set, well formed, not the public development key and not
 * patterned. `why` says what it protects.
 */
export function productionEncryptionKey(variable: string, why: string): EnvReader<Buffer> {
  const reader = encryptionKey(variable, Buffer.alloc(0));
  return {
    variable,
    read(raw) {
      if (!raw?.trim()) return { problem: `${variable} is missing: ${why}; production needs ${KEY_ADVICE}` };
      const result = reader.read(raw);
      if ('problem' in result) return result;
      if (timingSafeEqual(result.value, developmentEncryptionKey(variable))) {
        return { problem: `${variable} is the development-only key, which anyone can compute: production needs ${KEY_ADVICE}` };
      }
      if (new Set(result.value).size < MIN_KEY_DISTINCT_BYTES) return { problem: `${variable} is not random (too few different bytes): production needs ${KEY_ADVICE}` };
      return result;
    },
  };
}
