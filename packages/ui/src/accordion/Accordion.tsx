import { faqAnswerHtml, type FaqEntry } from '@storefront/contracts';
import { useId, useState } from 'react';
import { SafeHtml } from '../safe-html/SafeHtml.js';

/** Which item is open after a click: one at a time, and clicking the open one closes it. */
export function nextOpenIndex(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}

export interface AccordionProps {
  /** questions with answers (HTML from content/ or a list of HTML items, sanitised here) */
  items: FaqEntry[];
  /** the heading level each question sits in, below the section's own heading */
  headingLevel?: 3 | 4;
  className?: string;
}

/**
 * Questions that open one answer at a time (the disclosure pattern: a button with aria-expanded
 * inside a heading, the answer a labelled region). Answers stay in the HTML, closed ones `hidden`.
 */
export function Accordion({ items, headingLevel = 3, className }: AccordionProps) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <div className={['sf-accordion', className].filter(Boolean).join(' ')}>
      {items.map((faq, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={faq.question} className="sf-accordion__item">
            <Heading className="sf-accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="sf-accordion__toggle"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => nextOpenIndex(current, index))}
              >
                <span>{faq.question}</span>
                <span className="sf-accordion__icon" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="sf-accordion__panel" hidden={!expanded}>
              <SafeHtml html={faqAnswerHtml(faq.answer)} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
