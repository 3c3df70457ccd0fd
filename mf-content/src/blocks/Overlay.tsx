import './layout-variants.css';
import type { BlockComponentProps, OverlayBlock } from '@storefront/contracts';
import { ResponsiveImage, SafeHtml } from '@storefront/ui';
import { useId } from 'react';
import { titleLengthClass } from '../text/text';
import { ActionLink } from './ActionLink';

/**
 * Overlay variants: a text panel over a full-bleed image, the panel left, centred or right and light or
 * dark. Below tablet width the panel sits under the image, where it cannot hide the picture.
 * The title's type size follows its §9 length class, so a long title does not swamp the picture.
 */
export default function Overlay({ block, position }: BlockComponentProps<OverlayBlock>) {
  const headingId = useId();
  const Heading = position === 0 ? 'h1' : 'h2';
  const place = block.position ?? 'left';
  const theme = block.theme ?? 'light';
  return (
    <section
      className={`content-overlay content-overlay--${place} content-overlay--${theme}`}
      aria-labelledby={headingId}
    >
      <ResponsiveImage image={block.image} priority={position === 0} className="content-overlay__image" />
      <div className="sf-container content-overlay__frame">
        <div className="content-overlay__panel">
          {block.subTitle && <p className="content-overlay__subtitle">{block.subTitle}</p>}
          <Heading id={headingId} className={`content-overlay__title content-title--${titleLengthClass(block.title)}`}>
            {block.title}
          </Heading>
          {block.description && <SafeHtml html={block.description} className="content-overlay__description" />}
          {block.action && <ActionLink action={block.action} className="content-overlay__action" />}
        </div>
      </div>
    </section>
  );
}
