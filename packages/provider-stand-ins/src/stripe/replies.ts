import { randomBytes } from 'node:crypto';

/** Stripe's answers and errors, shared by the API's parts (api.ts, refunds.ts). */

export interface StripeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const requestId = () => newId('req');

export function stripeError(status: number, error: Record<string, unknown>): StripeReply {
  return { status, body: { error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId()}` } } };
}

export const invalid = (message: string, param?: string, code?: string) =>
  stripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}` } : {}) });

export const missing = (kind: string, id: string, param: string) =>
  stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', doc_url: 'https://docs.stripe.com/error-codes/resource-missing', message: `No such ${kind}: '${id}'`, param });
