import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/quotes: every quote and its payment link (placeholder). */
export default function QuotesPage() {
  return (
    <BackofficeFrame title="Quotes">
      <Placeholder>Quotes will be listed here with their status and payment link; start a new one for a customer's cabinet order.</Placeholder>
    </BackofficeFrame>
  );
}
