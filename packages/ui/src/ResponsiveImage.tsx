import type { ImageRef } from '@storefront/contracts';
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from './useDeviceClass.js';

export interface ResponsiveImageProps {
  image: ImageRef;
  /** The page's main (above the fold) image: loads eagerly with high fetch priority. */
  priority?: boolean;
  className?: string;
}

/**
 * Width and height are always set so the layout does not jump while the image loads; mobile and
 * tablet sources are used when the content provides them.
 */
export function ResponsiveImage({ image, priority = false, className }: ResponsiveImageProps) {
  return (
    <picture className={['sf-image', className].filter(Boolean).join(' ')}>
      {image.mobileSrc && <source media={`(max-width: ${MOBILE_MAX_WIDTH}px)`} srcSet={image.mobileSrc} />}
      {image.tabletSrc && <source media={`(max-width: ${TABLET_MAX_WIDTH}px)`} srcSet={image.tabletSrc} />}
      <img
        src={image.src}
        alt={image.altText}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
      />
    </picture>
  );
}
