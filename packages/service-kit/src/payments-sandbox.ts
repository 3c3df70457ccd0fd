import { readEnvConfig, text } from './env-config.js';
import { isProduction } from './production-safety.js';

type Env = Record<string, string | undefined>;

/** The one switch that lets the sandbox payment gateway (no money moves) exist in production: a demo. */
export const PAYMENTS_SANDBOX_VARIABLE = 'PAYMENTS_SANDBOX';
/** The one value of PAYMENTS_SANDBOX that allows it. */
export const PAYMENTS_SANDBOX_ALLOW = 'allow';

/**
 * Whether payments on the sandbox gateway count here: always in development; in production only
 * with PAYMENTS_SANDBOX=allow. The payments service registers no sandbox adapter without it, and the
 * orders service holds a completed sandbox or test payment for review instead of marking the order
 * paid, so neither service alone can ship an order nobody paid for.
 */
export function paymentsSandboxAllowed(env: Env = process.env): boolean {
  if (!isProduction(env)) return true;
  return readEnvConfig({ sandbox: text(PAYMENTS_SANDBOX_VARIABLE, '') }, env).sandbox === PAYMENTS_SANDBOX_ALLOW;
}
