import { useState } from 'react';
import { call, contentApi, type AdminQuoteDetail } from '@storefront/contracts';
import { loadJsPdf } from '@storefront/pdf-document';
import { Alert, Button } from '@storefront/ui';
import { businessOf, quotePdfContent, quotePdfFileName, renderQuotePdf } from './quote-pdf.js';

/** The business's name and contact lines for the PDF's heading (the site's settings). */
async function loadBusiness() {
  const answer = await call(contentApi.site, {});
  const business = answer.ok ? businessOf(answer.data) : undefined;
  if (!business) throw new Error("The business's name could not be loaded.");
  return business;
}

/**
 * Download PDF: the saved quote (the server's amounts) as a Letter PDF made in the browser. jsPDF and
 * the business's details are fetched on the press, side by side; the PDF never carries the payment
 * link or its token, only how to pay ("the link in your e-mail").
 */
export function QuotePdfButton({ detail }: { detail: AdminQuoteDetail }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setProblem(null);
    try {
      const [JsPdf, business] = await Promise.all([loadJsPdf(), loadBusiness()]);
      renderQuotePdf(JsPdf, quotePdfContent(detail, business)).save(quotePdfFileName(detail.quote.quoteIncrementId));
    } catch (error) {
      setProblem(`The PDF could not be made: ${error instanceof Error && error.message ? error.message : 'please try again.'}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bo-quote-pdf">
      <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Making the PDF…' : 'Download PDF'}
      </Button>
      {problem && <Alert type="error">{problem}</Alert>}
    </div>
  );
}
