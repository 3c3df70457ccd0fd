import { BadRequestException } from '@nestjs/common';
import { ORDER_MESSAGES, type OrderEmailType } from '@storefront/contracts';

const TYPES: readonly OrderEmailType[] = ['order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation'];

export interface ValidSendEmailRequest {
  type: OrderEmailType;
  /** an order id (uuid) or order number (SF-100001) */
  orderId: string;
}

/**
 * POST /api/email/send-email reads only `type` and `data.orderId`. Recipient, cc, subject, isAdmin and
 * the rest of `data` (totals, items, addresses) are ignored on purpose: the server derives recipients
 * and content from the stored order, so the endpoint can never be used to mail anyone else anything.
 */
export function parseSendEmailRequest(body: unknown): ValidSendEmailRequest {
  const raw = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (typeof raw.type !== 'string' || !TYPES.includes(raw.type as OrderEmailType)) {
    const message = `type must be one of ${TYPES.join(', ')}`;
    throw new BadRequestException({ message, errors: { type: message } });
  }
  const data = raw.data !== null && typeof raw.data === 'object' ? (raw.data as Record<string, unknown>) : {};
  const orderId = typeof data.orderId === 'string' ? data.orderId.trim() : typeof data.orderId === 'number' ? String(data.orderId) : '';
  if (!orderId) throw new BadRequestException({ message: ORDER_MESSAGES.idRequired, errors: { 'data.orderId': ORDER_MESSAGES.idRequired } });
  if (orderId.length > 64) {
    throw new BadRequestException({ message: 'Order ID is invalid', errors: { 'data.orderId': 'Order ID is invalid' } });
  }
  return { type: raw.type as OrderEmailType, orderId };
}
