import { randomBytes } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import {
  SANDBOX_TOKEN_RANDOM_BYTES,
  decodeSandboxToken,
  encodeSandboxToken,
  sandboxCardOf,
  sandboxTokenForCard,
} from './sandbox-token.js';

const random = () => new Uint8Array(randomBytes(SANDBOX_TOKEN_RANDOM_BYTES));

describe('sandbox card tokens', () => {
  it.each([
    [SANDBOX_TEST_CARDS.succeeds, 'succeeds', 'visa', '4242'],
    [SANDBOX_TEST_CARDS.declined, 'declined', 'visa', '0002'],
    [SANDBOX_TEST_CARDS.requiresAuthentication, 'requiresAuthentication', 'visa', '3155'],
    [SANDBOX_TEST_CARDS.pending, 'pending', 'visa', '1703'],
    [SANDBOX_TEST_CARDS.onHold, 'onHold', 'visa', '2701'],
    ['5555 5555 5555 4444', 'succeeds', 'mastercard', '4444'],
    ['378282246310005', 'succeeds', 'amex', '0005'],
    ['6011111111111117', 'succeeds', 'discover', '1117'],
    ['9999999999999995', 'succeeds', 'card', '9995'],
  ])('%s round-trips as outcome %s, brand %s, last four %s', (number, outcome, brand, last4) => {
    const { token, card } = sandboxTokenForCard(number, random());
    expect(card).toEqual({ brand, last4 });
    expect(token).toMatch(new RegExp(`^tok_sandbox_${outcome}_${brand}_${last4}_[0-9a-f]{32}$`));
    expect(decodeSandboxToken(token)).toEqual({ outcome, brand, last4 });
  });

  it('carries 128 random bits, so no two tokens of one card are alike', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => sandboxTokenForCard(SANDBOX_TEST_CARDS.succeeds, random()).token));
    expect(tokens.size).toBe(200);
    const [token] = tokens;
    expect(token!.split('_').pop()).toHaveLength(32);
    expect(encodeSandboxToken(sandboxCardOf('4242424242424242'), new Uint8Array(16).fill(0xab))).toBe(`tok_sandbox_succeeds_visa_4242_${'ab'.repeat(16)}`);
  });

  it('never holds more of the number than the last four digits', () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) {
      const { token } = sandboxTokenForCard(number, random());
      expect(token).not.toContain(number.slice(0, 12));
      expect(token.replace(/_[0-9a-f]{32}$/, '')).not.toMatch(/\d{5,}/);
    }
  });

  it('refuses too little randomness and cards outside the sandbox vocabulary', () => {
    expect(() => encodeSandboxToken(sandboxCardOf('4242424242424242'), new Uint8Array(8))).toThrow(RangeError);
    expect(() => encodeSandboxToken({ outcome: 'succeeds', brand: 'visa', last4: '42' }, random())).toThrow(RangeError);
    expect(() => encodeSandboxToken({ outcome: 'succeeds', brand: 'visa_x', last4: '4242' }, random())).toThrow(RangeError);
  });

  it.each([
    ['an old server-side payment method id', 'pm_sandbox_8fd2e4e94751d1f5a90d9025'],
    ['an unknown outcome', `tok_sandbox_refunds_visa_4242_${'a'.repeat(32)}`],
    ['an unknown brand', `tok_sandbox_succeeds_diners_4242_${'a'.repeat(32)}`],
    ['three last digits', `tok_sandbox_succeeds_visa_424_${'a'.repeat(32)}`],
    ['a full card number', `tok_sandbox_succeeds_visa_4242424242424242_${'a'.repeat(32)}`],
    ['too little randomness', `tok_sandbox_succeeds_visa_4242_${'a'.repeat(31)}`],
    ['too much randomness', `tok_sandbox_succeeds_visa_4242_${'a'.repeat(33)}`],
    ['upper-case randomness', `tok_sandbox_succeeds_visa_4242_${'A'.repeat(32)}`],
    ['a trailing newline', `tok_sandbox_succeeds_visa_4242_${'a'.repeat(32)}\n`],
    ['another prefix', `pm_sandbox_succeeds_visa_4242_${'a'.repeat(32)}`],
    ['nothing', ''],
    ['not text', 42],
  ])('refuses %s', (_what, token) => {
    expect(decodeSandboxToken(token)).toBeUndefined();
  });
});
