import './layout-blocks.css';
import type { BlockComponentProps, TitleDescriptionActionBlock } from '@storefront/contracts';
import { TitledSection } from '@storefront/ui';
import { ActionLink } from './ActionLink';
import { ReadMore } from './ReadMore';

/** A short call to action: a title, a line or two of text and one action. */
export default function TitleDescriptionAction({ block }: BlockComponentProps<TitleDescriptionActionBlock>) {
  return (
    <TitledSection className="sf-container content-tda" title={block.title} headingClassName="content-tda__title">
      <ReadMore text={block.description} className="content-tda__description" />
      {block.action && <ActionLink action={block.action} className="content-tda__action" />}
    </TitledSection>
  );
}
