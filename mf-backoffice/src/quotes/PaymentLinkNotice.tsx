import { useEffect, useId, useState } from 'react';
import type { AdminPaymentLinkResponse } from '@storefront/contracts';
import { Button } from '@storefront/ui';
import { CopyLink } from '../shared/CopyLink.js';
import { formatDateTime } from './quote-dates.js';

// A payment link's token is shown once: only its hash is stored. A quote just created hands its link
// to the quote's own page (where the editor goes next) in memory only, never in the address, the
// history's state or storage, so a reload or Back never shows it again.
const handedOver = new Map<string, AdminPaymentLinkResponse>();

/** Keeps a new quote's link for its page to show once (the page that created it navigates there next). */
export function handOverPaymentLink(link: AdminPaymentLinkResponse): void {
  handedOver.set(link.quoteIncrementId, link);
}

/** The link handed over for this quote, if any; forgotten once the page has taken it (see useHandedOverLink). */
export function peekHandedOverLink(quoteNumber: string): AdminPaymentLinkResponse | undefined {
  return handedOver.get(quoteNumber);
}

/** The quote page's one look at the link its creation handed over. */
export function useHandedOverLink(quoteNumber: string): AdminPaymentLinkResponse | undefined {
  const [link] = useState(() => peekHandedOverLink(quoteNumber));
  useEffect(() => {
    handedOver.delete(quoteNumber);
  }, [quoteNumber]);
  return link;
}

export interface PaymentLinkNoticeProps {
  link: AdminPaymentLinkResponse;
  /** what just happened, before the link ("Quote Q-100001 was created.") */
  lead: string;
  onDone?: () => void;
}

/**
 * A payment link shown the one time it exists in the clear: the absolute URL and the back office's
 * one copy control (shared/CopyLink: the clipboard, "Copied" announced, the field selected where the
 * browser refuses the clipboard).
 */
export function PaymentLinkNotice({ link, lead, onDone }: PaymentLinkNoticeProps) {
  const headingId = useId();
  return (
    <section className="bo-quote-link" aria-labelledby={headingId}>
      <h2 id={headingId} className="bo-quote-link__title">
        Payment link
      </h2>
      <p>
        {lead} Copy the link now: it is shown only this once. It works until {formatDateTime(link.expiresAt)}.
        {link.emailQueued && ' It has also been e-mailed to the customer.'}
      </p>
      <p className="bo-quote-link__url">
        <a href={link.paymentLink} target="_blank" rel="noreferrer noopener">
          {link.paymentLink}
        </a>
      </p>
      <CopyLink url={link.paymentLink} label="Payment link to copy" />
      {onDone && (
        <div className="bo-actions">
          <Button variant="secondary" onClick={onDone}>
            Done
          </Button>
        </div>
      )}
    </section>
  );
}
