import { useParams } from '@storefront/ui';
import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/quotes/new (a new quote) and /admin/quotes/:quote (one quote by its number): the quote editor (placeholder). */
export default function QuoteEditorPage() {
  const { quote } = useParams();
  return (
    <BackofficeFrame title={quote ? `Quote ${quote}` : 'New quote'}>
      <Placeholder>
        {quote
          ? "This quote's customer, items, amounts and payment link will be edited here."
          : "A new quote's customer, addresses, items and amounts will be entered here, then sent as a payment link."}
      </Placeholder>
    </BackofficeFrame>
  );
}
