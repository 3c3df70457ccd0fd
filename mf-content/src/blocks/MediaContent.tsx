import './blocks.css';
import type { BlockComponentProps, MediaContentBlock } from '@storefront/contracts';
import { ResponsiveImage, SafeHtml } from '@storefront/ui';
import { useId } from 'react';
import { ActionLink } from './ActionLink';

/** Image beside text (sanitised HTML from content/); stacks with the image first on mobile. */
export default function MediaContent({ block }: BlockComponentProps<MediaContentBlock>) {
  const headingId = useId();
  const imageSide = block.mediaPosition === 'right' ? 'right' : 'left';
  return (
    <section className={`sf-container content-media content-media--image-${imageSide}`} aria-labelledby={headingId}>
      <div className="content-media__image">
        <ResponsiveImage image={block.image} />
      </div>
      <div className="content-media__body">
        <h2 id={headingId} className="content-media__title">
          {block.title}
        </h2>
        <SafeHtml html={block.description} className="content-media__description" />
        {block.action && (
          <div className="content-media__action">
            <ActionLink action={block.action} />
          </div>
        )}
      </div>
    </section>
  );
}
