import './layout-blocks.css';
import type { BlockComponentProps, PageTitleBlock } from '@storefront/contracts';
import { SafeHtml } from '@storefront/ui';
import { ReadMore } from './ReadMore';

/**
 * A page's title area in four looks: plain, one-column (centred), two-column (title beside an HTML aside)
 * and shadow-text (a large faint word behind the title). First on the page it is the page heading.
 */
export default function PageTitle({ block, position }: BlockComponentProps<PageTitleBlock>) {
  const Heading = position === 0 ? 'h1' : 'h2';
  const twoColumns = block.variant === 'two-column' && block.aside;
  return (
    <header className={`sf-container content-page-title content-page-title--${block.variant}`}>
      <div className="content-page-title__main">
        {block.variant === 'shadow-text' && block.shadowText && (
          <span className="content-page-title__shadow" aria-hidden="true">
            {block.shadowText}
          </span>
        )}
        {block.subTitle && <p className="content-page-title__subtitle">{block.subTitle}</p>}
        <Heading className="content-page-title__title">{block.title}</Heading>
        {block.description && <ReadMore text={block.description} className="content-page-title__description" />}
      </div>
      {twoColumns && <SafeHtml html={block.aside!} className="content-page-title__aside" />}
    </header>
  );
}
