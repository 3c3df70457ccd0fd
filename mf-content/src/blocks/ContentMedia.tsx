import type { BlockComponentProps, ContentMediaBlock } from '@storefront/contracts';
import MediaContent from './MediaContent';

/** media-content mirrored: the text leads and the image sits on the right unless the block says left. */
export default function ContentMedia({ block, position }: BlockComponentProps<ContentMediaBlock>) {
  return <MediaContent block={{ ...block, type: 'media-content', mediaPosition: block.mediaPosition ?? 'right' }} position={position} />;
}
