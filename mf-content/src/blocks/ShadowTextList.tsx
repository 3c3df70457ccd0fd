import { TitledSection } from '@storefront/ui';
import './layout-blocks.css';
import './layout-variants.css';
import type { BlockComponentProps, ShadowTextListBlock } from '@storefront/contracts';
import { NoDataFound } from './NoDataFound';

/**
 * Items each with a large faint word or number behind the title: the page title's shadow-text look
 * (content-page-title__shadow in layout-blocks.css) repeated per item. The shadow is decoration only.
 */
export default function ShadowTextList({ block }: BlockComponentProps<ShadowTextListBlock>) {
  const Heading = block.title ? 'h3' : 'h2';
  return (
    <TitledSection className="sf-container sf-section content-shadow-list" title={block.title} headingClassName="sf-section__heading content-shadow-list__heading" fallbackLabel="Highlights" intro={block.description} introClassName="sf-section__intro content-shadow-list__intro">
      {block.items.length === 0 ? (
        <NoDataFound />
      ) : (
        <ul className="sf-card-grid content-shadow-list__list">
          {block.items.map((item) => (
            <li key={`${item.shadowText}-${item.title}`} className="content-shadow-list__item">
              <span className="content-page-title__shadow content-shadow-list__shadow" aria-hidden="true">
                {item.shadowText}
              </span>
              <Heading className="content-shadow-list__title">{item.title}</Heading>
              <p className="content-shadow-list__text">{item.text}</p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
