import { randomBytes } from 'node:crypto';

/** Unguessable ids in the card gateway's style (hex, so '_' only ever separates the parts). */
export function sandboxId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export function clientSecretFor(intentId: string): string {
  return `${intentId}_secret_${randomBytes(16).toString('hex')}`;
}

/** A sandbox intent's or PayPal order's id (cards are tokens: hosted-fields/sandbox-token.ts). */
export const SANDBOX_ID = /^(pi|pp)_sandbox_[0-9a-f]{24}$/;
