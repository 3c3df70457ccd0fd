import { cardBrand } from '@storefront/commerce-rules/card-rules';
import { SANDBOX_OUTCOMES, type SandboxOutcome } from '@storefront/contracts/sandbox-pay';
import { sandboxOutcomeOf } from '../sandbox-cards.js';

/**
 * The sandbox's card tokens: what the hosted fields frame hands back instead of a card number, and
 * what the sandbox card gateway takes as `paymentMethodId`. The frame makes a token in the shopper's
 * browser, without a request; the token itself says everything the sandbox needs to know about the
 * card, so nothing about the card is ever stored on its way in:
 *
 *   tok_sandbox_<outcome>_<brand>_<last4>_<32 hex digits>
 *   tok_sandbox_requiresAuthentication_visa_3155_9f0c2d4e6a8b1c3e5f7a9b0d2c4e6f81
 *
 * outcome: the sandbox outcome the number selects (SANDBOX_TEST_CARDS; any other number `succeeds`);
 * brand: the card rules' cardBrand; last4: the number's last four digits; then 128 random bits from
 * the browser's crypto.getRandomValues, so no two tokens are alike and none can be guessed. A token
 * never holds more of the number than the last four digits, what a receipt shows. (Anyone could
 * write a token by hand, as anyone can type a test card: the sandbox moves no money.)
 *
 * This module runs on both sides (the frame's bundle and the gateway): it imports no Node and no DOM API.
 */

export const SANDBOX_TOKEN_PREFIX = 'tok_sandbox';
/** 16 random bytes: 128 bits, written as 32 hex digits. */
export const SANDBOX_TOKEN_RANDOM_BYTES = 16;
/** What the card rules' cardBrand answers. */
export const SANDBOX_CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'card'] as const;

export interface SandboxCard {
  outcome: SandboxOutcome;
  brand: string;
  last4: string;
}

const TOKEN_PATTERN = new RegExp(
  `^${SANDBOX_TOKEN_PREFIX}_(${SANDBOX_OUTCOMES.join('|')})_(${SANDBOX_CARD_BRANDS.join('|')})_([0-9]{4})_([0-9a-f]{${SANDBOX_TOKEN_RANDOM_BYTES * 2}})$`,
);

/** A (validated) card number as the token tells it: outcome, brand, last four. */
export function sandboxCardOf(cardNumber: string): SandboxCard {
  const digits = cardNumber.replace(/\D/g, '');
  return { outcome: sandboxOutcomeOf(digits), brand: cardBrand(digits), last4: digits.slice(-4) };
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The token for a card; `random` must be SANDBOX_TOKEN_RANDOM_BYTES fresh random bytes. */
export function encodeSandboxToken(card: SandboxCard, random: Uint8Array): string {
  if (random.length !== SANDBOX_TOKEN_RANDOM_BYTES) throw new RangeError(`A sandbox token needs ${SANDBOX_TOKEN_RANDOM_BYTES} random bytes`);
  const token = `${SANDBOX_TOKEN_PREFIX}_${card.outcome}_${card.brand}_${card.last4}_${hex(random)}`;
  if (!TOKEN_PATTERN.test(token)) throw new RangeError('Not a sandbox card: outcome, brand or last four digits out of range');
  return token;
}

/** The card a token names, or undefined for anything that is not a well-formed sandbox token. */
export function decodeSandboxToken(token: unknown): SandboxCard | undefined {
  if (typeof token !== 'string') return undefined;
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  return { outcome: match[1] as SandboxOutcome, brand: match[2]!, last4: match[3]! };
}

/** What the frame does with a card number it validated: the token, made right there. */
export function sandboxTokenForCard(cardNumber: string, random: Uint8Array): { token: string; card: { brand: string; last4: string } } {
  const card = sandboxCardOf(cardNumber);
  return { token: encodeSandboxToken(card, random), card: { brand: card.brand, last4: card.last4 } };
}
