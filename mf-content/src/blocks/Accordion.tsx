import './interactive.css';
import type { AccordionBlock, BlockComponentProps } from '@storefront/contracts';
import { SafeHtml } from '@storefront/ui';
import { useId, useState } from 'react';

/** Which item is open after a click: one at a time, and clicking the open one closes it. */
export function nextOpenIndex(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}

/** Questions with answers (sanitised HTML); the same `faqs` feed the page's FAQPage structured data. */
export default function Accordion({ block }: BlockComponentProps<AccordionBlock>) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <section className="sf-container content-accordion" aria-labelledby={block.title ? `${baseId}-title` : undefined}>
      {block.title && (
        <h2 id={`${baseId}-title`} className="content-accordion__title">
          {block.title}
        </h2>
      )}
      <div className="content-accordion__items">
        {block.faqs.map((faq, index) => {
          const expanded = open === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={faq.question} className="content-accordion__item">
              <h3 className="content-accordion__heading">
                <button
                  type="button"
                  id={buttonId}
                  className="content-accordion__toggle"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen((current) => nextOpenIndex(current, index))}
                >
                  <span>{faq.question}</span>
                  <span className="content-accordion__icon" aria-hidden="true">
                    {expanded ? '−' : '+'}
                  </span>
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="content-accordion__panel" hidden={!expanded}>
                <SafeHtml html={faq.answer} />
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
