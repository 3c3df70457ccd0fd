import './layout-variants.css';
import type { BlockComponentProps, KitchenShowcaseBlock } from '@storefront/contracts';
import { ResponsiveImage } from '@storefront/ui';
import { useId } from 'react';
import { titleLengthClass } from '../text/text';
import { ActionLink } from './ActionLink';

/**
 * The kitchen variant: a large scene image with a caption panel (title, caption, action) and the
 * kitchen's features as a list. The panel overlaps the image's lower edge on desktop and sits under it
 * on smaller screens.
 */
export default function KitchenShowcase({ block, position }: BlockComponentProps<KitchenShowcaseBlock>) {
  const headingId = useId();
  const Heading = position === 0 ? 'h1' : 'h2';
  return (
    <section className="sf-container content-showcase" aria-labelledby={headingId}>
      <figure className="content-showcase__figure">
        <ResponsiveImage image={block.image} priority={position === 0} className="content-showcase__image" />
        <figcaption className="content-showcase__panel">
          <Heading id={headingId} className={`content-showcase__title content-title--${titleLengthClass(block.title)}`}>
            {block.title}
          </Heading>
          {block.caption && <p className="content-showcase__caption">{block.caption}</p>}
          {block.features.length > 0 && (
            <ul className="content-showcase__features" aria-label={`${block.title}: features`}>
              {block.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          )}
          {block.action && <ActionLink action={block.action} className="content-showcase__action" />}
        </figcaption>
      </figure>
    </section>
  );
}
