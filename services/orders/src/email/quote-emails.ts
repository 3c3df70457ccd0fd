import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { QuoteEntity } from '../quotes/quote.entity.js';
import { EmailOutbox, quotePaymentLinkEmailKey } from './email-outbox.js';
import { EmailSettings } from './email-settings.js';
import { renderQuotePaymentLink } from './templates/quote-email.js';

/** A payment link to e-mail: absolute (it is clicked in a mail client) and when it stops working. */
export interface QuotePaymentLinkEmail {
  /** e.g. https://shop.example/quote/payment?quoteId=…&token=… */
  paymentLink: string;
  expiresAt: Date;
}

/**
 * A quote's e-mails: its payment link, to the quote's e-mail address. Like OrderEmails, the row and
 * its job are written through the caller's `manager`, so the e-mail goes with the link that issued
 * it (back office `quote create|link --send`, POST /api/admin/quotes… with `send`).
 */
@Injectable()
export class QuoteEmails {
  private readonly logger = new Logger('QuoteEmails');

  constructor(
    private readonly settings: EmailSettings,
    private readonly outbox: EmailOutbox,
  ) {}

  /**
   * Queues the payment-link e-mail of quote `quoteId` (subject 'Your quote Q-100001 is ready to pay':
   * the quote's number, items and totals, the link as a button and its expiry). One per link: the
   * same link again queues nothing; a new link is a new e-mail. Answers whether it was newly queued.
   */
  async queueQuotePaymentLink(manager: EntityManager, quoteId: string, link: QuotePaymentLinkEmail): Promise<boolean> {
    if (!/^https?:\/\//i.test(link.paymentLink)) throw new Error(`A quote's payment link is e-mailed as an absolute URL, not ${link.paymentLink.slice(0, 40)}`);
    const quote = await manager.findOne(QuoteEntity, { where: { id: quoteId }, relations: { items: true } });
    if (!quote) throw new Error(`Cannot e-mail the payment link of quote ${quoteId}: no such quote`);
    const items = [...quote.items].sort((a, b) => a.position - b.position);
    const rendered = renderQuotePaymentLink({
      quoteNumber: quote.quoteIncrementId,
      customerName: `${quote.firstName} ${quote.lastName}`.trim(),
      items: items.map((item) => ({ name: item.name, sku: item.sku, qty: item.qty, unitPrice: item.price, rowTotal: item.rowTotal, notes: item.notes })),
      subtotal: quote.subtotal,
      shippingLabel: quote.shippingLabel,
      shippingAmount: quote.shippingAmount,
      taxAmount: quote.taxAmount,
      discountAmount: quote.discountAmount,
      total: quote.total,
      paymentLink: link.paymentLink,
      expiresAt: link.expiresAt,
      store: await this.settings.store(),
    });
    const dedupeKey = quotePaymentLinkEmailKey(quote.id, link.paymentLink);
    const [queued] = await this.outbox.enqueue(manager, [{ orderId: null, kind: 'quote-payment-link', dedupeKey, recipient: quote.email, cc: [], ...rendered }]);
    this.logger.log(queued ? 'E-mail queued' : 'E-mail was already queued', {
      event: queued ? 'email.queued' : 'email.already-queued',
      kind: 'quote-payment-link',
      quoteId: quote.id,
      quoteNumber: quote.quoteIncrementId,
    });
    return queued === dedupeKey;
  }
}
