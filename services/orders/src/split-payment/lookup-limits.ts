import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ORDER_LOOKUP_MESSAGES } from '@storefront/contracts';
import { PostgresThrottlerStorage, integer, readEnvConfig } from '@storefront/service-kit';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';

const HOUR_MS = 60 * 60 * 1000;

export interface OrderLookupLimitConfig {
  /** lookups (and confirmations) of one order number, or with one e-mail, per hour, from any address */
  perHour: number;
}

/**
 * RATE_LIMIT_ORDER_LOOKUPS_PER_HOUR (default 20, 1..1000). The page makes two or three calls per
 * instalment, so 20 an hour never stops a customer; someone walking order numbers for one e-mail,
 * or e-mails for one order number, from many addresses is stopped after 20.
 */
export function readOrderLookupLimitConfig(env: Record<string, string | undefined> = process.env): OrderLookupLimitConfig {
  return readEnvConfig({ perHour: integer('RATE_LIMIT_ORDER_LOOKUPS_PER_HOUR', 20, 1, 1000) }, env);
}

/** 429 with the seconds to wait (the controller sets Retry-After). */
export class TooManyOrderLookups extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: ORDER_LOOKUP_MESSAGES.tooManyLookups, errorType: 'tooManyLookups' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** How an order reference is counted: "sf-100013" and "SF-100013" are one order number. */
function referenceKey(reference: string): string {
  return `order:${reference.trim().toUpperCase()}`;
}

/** E-mails are counted by their hash: the counters table never holds an address. */
function emailKey(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;
}

/**
 * The split-payment proof (order number plus e-mail) limited per order number and per e-mail, on
 * top of the per-address limit: the counters are service-kit's rate_limit_hits rows, so every
 * replica counts one limit, and housekeeping deletes them once over. Both counters are counted on
 * every call, before the order is read, so an unknown order costs the same as a known one.
 */
@Injectable()
export class OrderLookupLimits {
  private readonly storage: PostgresThrottlerStorage;
  private readonly config = readOrderLookupLimitConfig();

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.storage = new PostgresThrottlerStorage(dataSource);
  }

  async count(reference: string, email: string): Promise<void> {
    const { perHour } = this.config;
    const [byOrder, byEmail] = await Promise.all([
      this.storage.increment(referenceKey(reference), HOUR_MS, perHour, HOUR_MS, 'order-lookup-order'),
      this.storage.increment(emailKey(email), HOUR_MS, perHour, HOUR_MS, 'order-lookup-email'),
    ]);
    const blocked = [byOrder, byEmail].filter((record) => record.isBlocked);
    if (blocked.length > 0) throw new TooManyOrderLookups(Math.max(1, ...blocked.map((record) => record.timeToBlockExpire)));
  }
}
