import './layout-blocks.css';
import type { BlockComponentProps, TitleDescriptionActionBlock } from '@storefront/contracts';
import { useId } from 'react';
import { ActionLink } from './ActionLink';
import { ReadMore } from './ReadMore';

/** A short call to action: a title, a line or two of text and one action. */
export default function TitleDescriptionAction({ block }: BlockComponentProps<TitleDescriptionActionBlock>) {
  const headingId = useId();
  return (
    <section className="sf-container content-tda" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-tda__title">
        {block.title}
      </h2>
      <ReadMore text={block.description} className="content-tda__description" />
      {block.action && <ActionLink action={block.action} className="content-tda__action" />}
    </section>
  );
}
