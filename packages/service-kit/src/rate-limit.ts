import { type DynamicModule } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { integer, readEnvConfig } from './env-config.js';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * Limits writes (form submissions, orders) per client address: one shopper cannot flood the
 * database or the mail queue. Clients are told apart by the address the gateway forwards
 * (X-Forwarded-For; see TRUST_PROXY). Mark the handlers to limit with `@UseGuards(RateLimitGuard)`.
 */
export function createRateLimitModule(env: Record<string, string | undefined> = process.env): DynamicModule {
  const { limit } = readEnvConfig({ limit: integer('RATE_LIMIT_WRITES_PER_MINUTE', 30, 1, 1_000_000) }, env);
  return ThrottlerModule.forRoot({
    throttlers: [{ name: 'writes', ttl: 60_000, limit }],
    errorMessage: RATE_LIMIT_MESSAGE,
  });
}

export { ThrottlerGuard as RateLimitGuard };
