import { BadRequestException } from '@nestjs/common';
import { roundToCents } from '@storefront/money';
import type { PaymentResultReport, PaymentStatus } from '@storefront/contracts';

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['completed', 'pending', 'failed', 'on_hold', 'success'];
const ATTEMPT_ID = /^[A-Za-z0-9_:.-]{1,128}$/;
/** 13–19 digits, possibly grouped by spaces or dashes: the shape of a card number (PAN). */
const CARD_NUMBER = /\d(?:[ -]?\d){12,18}/g;
/** additionalData is a few gateway fields; a cap keeps one report from bloating the order row. */
const MAX_ADDITIONAL_DATA_CHARS = 8000;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Keeps the last four digits of anything shaped like a card number: a PAN must never be stored. */
export function maskCardNumbers(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CARD_NUMBER, (pan) => `XXXX${pan.replace(/\D/g, '').slice(-4)}`);
  if (Array.isArray(value)) return value.map(maskCardNumbers);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskCardNumbers(inner)]));
  return value;
}

/**
 * POST /internal/orders/:id/payment-result body. The payments service is trusted to have verified
 * the outcome with the gateway, but a malformed report still gets a 400 rather than a half-written order.
 */
export function parsePaymentResultReport(body: unknown): PaymentResultReport {
  if (!isObject(body)) throw new BadRequestException('Request body must be a JSON object');
  const errors: Record<string, string> = {};
  const text = (key: string, max: number, required = true): string | undefined => {
    const value = body[key];
    if (value === undefined || value === null) {
      if (required) errors[key] = `${key} is required`;
      return undefined;
    }
    if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
      errors[key] = `${key} must be text of at most ${max} characters`;
      return undefined;
    }
    return value.trim();
  };

  const attemptId = text('attemptId', 128);
  if (attemptId && !ATTEMPT_ID.test(attemptId)) errors.attemptId = 'attemptId may hold letters, digits, ".", "_", ":" and "-"';
  const gateway = text('gateway', 64);
  const method = text('method', 64);
  const methodLabel = text('methodLabel', 128);
  const transactionId = text('transactionId', 128, false);
  const message = text('message', 500, false);
  const status = body.status as PaymentStatus;
  if (!PAYMENT_STATUSES.includes(status)) errors.status = `status must be one of ${PAYMENT_STATUSES.join(', ')}`;
  const amount = body.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > 10_000_000) {
    errors.amount = 'amount must be a number of dollars, 0 or more';
  }
  if (status === 'completed' && !transactionId) errors.transactionId = 'A completed payment needs its transactionId';
  const additionalData = body.additionalData ?? {};
  if (!isObject(additionalData)) errors.additionalData = 'additionalData must be an object';
  else if (JSON.stringify(additionalData).length > MAX_ADDITIONAL_DATA_CHARS) errors.additionalData = 'additionalData is too large';

  if (Object.keys(errors).length > 0) {
    throw new BadRequestException({ message: `Invalid payment result: ${Object.values(errors)[0]}`, errors });
  }
  return {
    attemptId: attemptId!,
    gateway: gateway!,
    method: method!,
    methodLabel: methodLabel!,
    status,
    amount: roundToCents(amount as number),
    transactionId: transactionId ?? null,
    ...(message ? { message } : {}),
    additionalData: maskCardNumbers(additionalData) as Record<string, unknown>,
  };
}
