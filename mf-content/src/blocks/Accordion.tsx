import './interactive.css';
import type { AccordionBlock, BlockComponentProps } from '@storefront/contracts';
import { Accordion as FaqAccordion } from '@storefront/ui';
import { useId } from 'react';

// The open-one-at-a-time rule lives in the UI kit (the style page's FAQs use it too).
export { nextOpenIndex } from '@storefront/ui';

/** Questions with answers (sanitised HTML); the same `faqs` feed the page's FAQPage structured data. */
export default function Accordion({ block }: BlockComponentProps<AccordionBlock>) {
  const baseId = useId();
  return (
    <section className="sf-container content-accordion" aria-labelledby={block.title ? `${baseId}-title` : undefined}>
      {block.title && (
        <h2 id={`${baseId}-title`} className="content-accordion__title">
          {block.title}
        </h2>
      )}
      <FaqAccordion items={block.faqs} className="content-accordion__items" />
    </section>
  );
}
