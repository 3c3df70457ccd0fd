import type { AssemblyVideo, Block, ConfirmedVideo, ProductStyle, VideoAvailability, VideoCard } from '@storefront/contracts';
import { assemblyVideoRef, confirmedVideo, videoCardRef, type VideoRef } from '@storefront/contracts';

/**
 * A YouTube video the registry (content/data/videos.json) does not confirm is served marked
 * `unconfirmed`: the page shows its thumbnail and "Video coming soon" rather than a player that may
 * answer "Video unavailable" (content holds placeholder ids until the real videos are published). Our
 * own files are not marked: `npm run content:check` proves they exist, so they play; they only lack
 * structured data until registered.
 */
function isUnconfirmedRemote(ref: VideoRef | undefined, registry: readonly ConfirmedVideo[]): boolean {
  return ref?.provider === 'youtube' && !confirmedVideo(registry, ref);
}

const mark = <T extends object>(video: T, ref: VideoRef | undefined, registry: readonly ConfirmedVideo[]): T & VideoAvailability =>
  isUnconfirmedRemote(ref, registry) ? { ...video, unconfirmed: true } : video;

export function withVideoCardAvailability(card: VideoCard, registry: readonly ConfirmedVideo[]): VideoCard {
  return mark(card, videoCardRef(card), registry);
}

/** The page's blocks with each video card (video-cards blocks) marked. */
export function withBlockVideoAvailability(blocks: Block[], registry: readonly ConfirmedVideo[]): Block[] {
  return blocks.map((block) => {
    const videos = (block as { videos?: unknown }).videos;
    if (block.type !== 'video-cards' || !Array.isArray(videos)) return block;
    return { ...block, videos: videos.map((card: VideoCard) => withVideoCardAvailability(card, registry)) } as Block;
  });
}

/** The style with its assembly videos marked. */
export function withStyleVideoAvailability(style: ProductStyle, registry: readonly ConfirmedVideo[]): ProductStyle {
  const specs = style.specifications?.specs;
  if (!specs?.some((spec) => spec.videos?.length)) return style;
  return {
    ...style,
    specifications: {
      ...style.specifications,
      specs: specs.map((spec) =>
        spec.videos ? { ...spec, videos: spec.videos.map((video: AssemblyVideo) => mark(video, assemblyVideoRef(video), registry)) } : spec,
      ),
    },
  } as ProductStyle;
}
