import { randomInt } from 'node:crypto';
import { STAFF_RECOVERY_CODE_COUNT } from '@storefront/contracts';
import type { EntityManager } from 'typeorm';
import { hashSecretToken } from '../../tokens/secret-token.js';

/**
 * One-time recovery codes: for a staff member whose phone is lost, each opens one sign-in in place
 * of an authenticator code. 16 characters of a 32-letter alphabet without look-alikes (80 random
 * bits), shown as four groups; only their SHA-256 is stored (80 bits cannot be searched for), and
 * a used one is marked, never reused.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** A code as typed (any case, spaces or dashes) to the form its hash was made of; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const plain = typed.replace(/[\s-]/g, '').toUpperCase();
  return plain.length === LENGTH && [...plain].every((letter) => ALPHABET.includes(letter)) ? plain : null;
}

export function hashRecoveryCode(normalized: string): string {
  return hashSecretToken(`staff-recovery:${normalized}`);
}

/** Replaces the staff member's codes with new ones, through the caller's transaction; the codes are returned once. */
export async function replaceRecoveryCodes(manager: EntityManager, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, newRecoveryCode);
  await manager.query(`DELETE FROM staff_recovery_code WHERE staff_id = $1`, [staffId]);
  await manager.query(`INSERT INTO staff_recovery_code (staff_id, code_hash) SELECT $1, unnest($2::char(64)[])`, [
    staffId,
    codes.map((code) => hashRecoveryCode(normalizeRecoveryCode(code)!)),
  ]);
  return codes;
}

/**
 * Uses one of the staff member's codes: true when `typed` was an unused one (now used). One UPDATE,
 * so two sign-ins racing with the same code cannot both have it.
 */
export async function useRecoveryCode(manager: EntityManager, staffId: string, typed: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(typed);
  if (!normalized) return false;
  const [, count] = (await manager.query(`UPDATE staff_recovery_code SET used_at = now() WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL`, [
    staffId,
    hashRecoveryCode(normalized),
  ])) as [unknown, number];
  return count === 1;
}

export async function recoveryCodesLeft(manager: Pick<EntityManager, 'query'>, staffId: string): Promise<number> {
  const [row] = (await manager.query(`SELECT count(*)::int AS left FROM staff_recovery_code WHERE staff_id = $1 AND used_at IS NULL`, [staffId])) as { left: number }[];
  return row?.left ?? 0;
}
