import { Secret, TOTP } from 'otpauth';

/**
 * The authenticator (RFC 6238 TOTP through `otpauth`): SHA-1, 6 digits, 30-second steps, as every
 * authenticator app reads a key. A code is accepted one step either side of now (a phone's clock a
 * little off), and each time step at most once: `acceptedStep` is stored, and a code of that step or
 * an earlier one is refused, so a code seen over a shoulder or replayed from a log opens nothing.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

/** A new 160-bit key (RFC 4226's recommended length), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = '', label = 'staff'): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS });
}

/** The otpauth:// key URI an app scans (as a QR code) or opens. */
export function totpKeyUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

/** The time step a code of `secret` proves (the step it was made in), or null when it is not a current code. */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Is `step` later than the last one accepted (a code is used once)? */
export function isFreshStep(step: number, lastAcceptedStep: number | null): boolean {
  return lastAcceptedStep === null || step > lastAcceptedStep;
}

/** The current code of a key (tests, and the CLI's check of a clock). */
export function currentTotpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}
