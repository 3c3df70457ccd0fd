import { array, boolean, object, string, type InferType } from 'yup';
import { ORDER_MESSAGES } from './schemas.js';

export type { NotificationSettings } from '../content-files/commerce.js';
/**
 * Order e-mails. Recipients are always derived by the server: the customer from the order's billing
 * e-mail, admins from content/settings/notifications.json. The browser never names a recipient.
 */

export type OrderEmailType = 'order-confirmation' | 'order-confirmation-admin' | 'split-payment-confirmation';

/**
 * POST /api/email/send-email (spec shape). Only `type` and `data.orderId` are read; `recipient`,
 * `cc`, `subject` and the rest of `data` are accepted for the spec's sake and ignored.
 */
export const ORDER_EMAIL_TYPES: readonly OrderEmailType[] = ['order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation'];
const TYPE_MESSAGE = `type must be one of ${ORDER_EMAIL_TYPES.join(', ')}`;

export const sendEmailRequestSchema = object({
  type: string().required(TYPE_MESSAGE).oneOf(ORDER_EMAIL_TYPES, TYPE_MESSAGE),
  data: object({
    /** an order id (uuid) or order number (SF-100001) */
    orderId: string().typeError(ORDER_MESSAGES.idRequired).trim().required(ORDER_MESSAGES.idRequired).max(64, 'Order ID is invalid'),
  }),
});
export type SendEmailRequest = InferType<typeof sendEmailRequestSchema>;

/** POST /api/email/send-email answer: 202 and one message for every well-formed request (it reveals nothing of the order). */
export const sendEmailResponseSchema = object({
  success: boolean().required(),
  message: string().required(),
});
export type SendEmailResponse = InferType<typeof sendEmailResponseSchema>;

/** One message as the local mailbox lists it: GET /dev/mailbox/messages.json */
export const mailboxMessageSchema = object({
  /** for GET /dev/mailbox/messages/:id (the message's HTML) */
  id: string().required(),
  to: string().required(),
  cc: array(string().required()).required(),
  subject: string().defined(),
  text: string().defined(),
  html: string().defined(),
  /** the Message-ID header, `<id@domain>`: the same on a message sent again; null on messages from before it was kept */
  messageId: string().nullable().defined(),
  /** ISO 8601 */
  sentAt: string().required(),
});
export type MailboxMessage = InferType<typeof mailboxMessageSchema>;

/** GET /dev/mailbox/messages.json: the latest messages, newest first. */
export const mailboxMessagesSchema = array(mailboxMessageSchema.required()).required();

export const EMAIL_MESSAGES = {
  confirmationSent: (email: string) => `Confirmation email has been sent to ${email}`,
  adminSubject: (orderIncrementId: string) => `New Order #${orderIncrementId}`,
  customerSubject: (orderIncrementId: string) => `Your order #${orderIncrementId} has been received`,
} as const;
