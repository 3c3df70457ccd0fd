import './layout-variants.css';
import type { BlockComponentProps, FinanceBlock, FinanceOption } from '@storefront/contracts';
import { ResponsiveImage, TitledSection } from '@storefront/ui';
import { ActionLink } from './ActionLink';
import { NoDataFound } from './NoDataFound';

/** Spec §9: a finance option's image is 500 px wide unless the content gives its own size. */
export const FINANCE_IMAGE_WIDTH = 500;

function financeImage(option: FinanceOption) {
  if (!option.image) return undefined;
  const { width, height } = option.image;
  // keep the picture's proportions when it is scaled to the default width
  return width > FINANCE_IMAGE_WIDTH
    ? { ...option.image, width: FINANCE_IMAGE_WIDTH, height: Math.round((height * FINANCE_IMAGE_WIDTH) / width) }
    : option.image;
}

/** v1: image and text rows, alternating sides on wider screens. */
function FinanceRow({ option, Heading }: { option: FinanceOption; Heading: 'h2' | 'h3' }) {
  const image = financeImage(option);
  return (
    <li className={`content-finance__row${image ? '' : ' content-finance__row--text-only'}`}>
      {image && <ResponsiveImage image={image} className="content-finance__image" />}
      <div className="content-finance__body">
        {option.highlight && <p className="content-finance__badge">{option.highlight}</p>}
        <Heading className="content-finance__title">{option.title}</Heading>
        <p className="content-finance__description">{option.description}</p>
        {(option.rate || option.term) && (
          <p className="content-finance__terms">{[option.rate, option.term].filter(Boolean).join(' · ')}</p>
        )}
        {option.action && <ActionLink action={option.action} />}
      </div>
    </li>
  );
}

/** v2: comparison cards, each with its rate and term side by side and a call to action at the bottom. */
function FinanceCard({ option, Heading }: { option: FinanceOption; Heading: 'h2' | 'h3' }) {
  return (
    <li className={`content-finance__card${option.highlight ? ' content-finance__card--highlight' : ''}`}>
      {option.highlight && <p className="content-finance__badge">{option.highlight}</p>}
      <Heading className="content-finance__title">{option.title}</Heading>
      <dl className="content-finance__facts">
        <div>
          <dt>Rate</dt>
          <dd>{option.rate ?? '—'}</dd>
        </div>
        <div>
          <dt>Term</dt>
          <dd>{option.term ?? '—'}</dd>
        </div>
      </dl>
      <p className="content-finance__description">{option.description}</p>
      {option.action && <ActionLink action={option.action} className="content-finance__cta" />}
    </li>
  );
}

/** Finance variants: ways to pay as v1 image and text rows or v2 comparison cards (rate, term, action). */
export default function Finance({ block }: BlockComponentProps<FinanceBlock>) {
  const Item = block.variant === 'v2' ? FinanceCard : FinanceRow;
  const Heading = block.title ? 'h3' : 'h2';
  return (
    <TitledSection className={`sf-container sf-section content-finance content-finance--${block.variant}`} title={block.title} headingClassName="sf-section__heading content-finance__heading" fallbackLabel="Finance options" intro={block.description} introClassName="sf-section__intro content-finance__intro">
      {block.options.length === 0 ? (
        <NoDataFound />
      ) : (
        <ul className="sf-card-grid content-finance__list">
          {block.options.map((option) => (
            <Item key={option.title} option={option} Heading={Heading} />
          ))}
        </ul>
      )}
      {block.disclaimer && <p className="content-finance__disclaimer">{block.disclaimer}</p>}
    </TitledSection>
  );
}
