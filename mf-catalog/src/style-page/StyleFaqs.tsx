import type { FaqEntry } from '@storefront/contracts';
import { Accordion } from '@storefront/ui';

/** The style's own questions (optional): the UI kit's accordion, one answer open at a time. */
export function StyleFaqs({ faqs }: { faqs: FaqEntry[] | undefined }) {
  if (!faqs || faqs.length === 0) return null;
  return (
    <section className="sf-style-faqs" aria-labelledby="sf-style-faqs-title">
      <h2 id="sf-style-faqs-title">Frequently Asked Questions</h2>
      <Accordion items={faqs} />
    </section>
  );
}
