import './layout-variants.css';
import type { BlockComponentProps, MediaBlockBlock, PageVideo } from '@storefront/contracts';
import { NoDataFound } from './NoDataFound';
import { ResponsiveImage, TitledSection } from '@storefront/ui';
import { ActionLink } from './ActionLink';

/** A video file of our own plays in the page; the CSP (media-src 'self') would block anyone else's. */
function isOwnFile(url: string | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

function VideoMedia({ video }: { video: PageVideo }) {
  if (isOwnFile(video.contentUrl)) {
    return (
      <video className="content-media-block__video" controls preload="none" poster={video.thumbnailUrl} aria-label={video.name}>
        <source src={video.contentUrl} />
        <a href={video.contentUrl}>Download the video: {video.name}</a>
      </video>
    );
  }
  // Another site's player cannot be framed under our CSP: the thumbnail links to it instead.
  const href = video.embedUrl ?? video.contentUrl;
  return (
    <a className="content-media-block__video-link" href={href} target="_blank" rel="noopener noreferrer">
      <img src={video.thumbnailUrl} alt="" loading="lazy" decoding="async" />
      <span className="content-media-block__play">
        <span aria-hidden="true">▶</span> Watch the video: {video.name}
        <span className="sf-visually-hidden"> (opens in a new tab)</span>
      </span>
    </a>
  );
}

/** Media block: one image or video with a caption and an optional link. */
export default function MediaBlock({ block }: BlockComponentProps<MediaBlockBlock>) {
  const media = block.video ? <VideoMedia video={block.video} /> : block.image ? <ResponsiveImage image={block.image} className="content-media-block__image" /> : null;
  return (
    <TitledSection className="sf-container content-media-block" title={block.title} headingClassName="content-media-block__title" fallbackLabel={block.caption ?? block.video?.name ?? block.image?.altText ?? 'Media'}>
      {media ? (
        <figure className="content-media-block__figure">
          {media}
          {(block.caption || block.link) && (
            <figcaption className="content-media-block__caption">
              {block.caption && <span>{block.caption}</span>}
              {block.link && <ActionLink action={{ type: 'link', ...block.link }} className="content-media-block__link" />}
            </figcaption>
          )}
        </figure>
      ) : (
        <NoDataFound />
      )}
    </TitledSection>
  );
}
