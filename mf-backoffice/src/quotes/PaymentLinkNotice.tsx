import { useEffect, useId, useRef, useState } from 'react';
import type { AdminPaymentLinkResponse } from '@storefront/contracts';
import { Button } from '@storefront/ui';
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

type CopyState = 'idle' | 'copied' | 'refused';

export interface PaymentLinkNoticeProps {
  link: AdminPaymentLinkResponse;
  /** what just happened, before the link ("Quote Q-100001 was created.") */
  lead: string;
  onDone?: () => void;
}

/**
 * A payment link shown the one time it exists in the clear: the absolute URL, Copy link (the
 * clipboard; "Copied" is announced), and where the browser refuses the clipboard, a selected text
 * field to copy it from by hand.
 */
export function PaymentLinkNotice({ link, lead, onDone }: PaymentLinkNoticeProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const field = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const fieldId = useId();

  useEffect(() => {
    if (copy !== 'refused') return;
    field.current?.focus();
    field.current?.select();
  }, [copy]);

  async function copyLink() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link.paymentLink);
      setCopy('copied');
    } catch {
      setCopy('refused');
    }
  }

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
      <div className="bo-actions">
        <Button onClick={() => void copyLink()}>Copy link</Button>
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Done
          </Button>
        )}
      </div>
      <p className="bo-quote-link__status" role="status" aria-live="polite">
        {copy === 'copied' ? 'Copied' : copy === 'refused' ? 'The browser did not allow copying: the link is selected in the field below, copy it from there.' : ''}
      </p>
      {copy === 'refused' && (
        <p className="bo-quote-link__fallback">
          <label htmlFor={fieldId}>Payment link to copy</label>
          <input ref={field} id={fieldId} className="sf-input" type="text" readOnly value={link.paymentLink} onFocus={(event) => event.currentTarget.select()} />
        </p>
      )}
    </section>
  );
}
