import './blocks.css';
import './media-blocks.css';
import { VIDEO_COMING_SOON, VIDEO_DESCRIPTION_LIMIT, youtubeIdOf, type BlockComponentProps, type VideoCard, type VideoCardsBlock } from '@storefront/contracts';
import { ResponsiveImage } from '@storefront/ui';
import { Slider } from '@storefront/ui/slider';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { truncateText } from '../text/text';
import { CarouselSection, carouselLabel } from './CarouselSection';

export { youtubeIdOf };

export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
export const YOUTUBE_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

/** Spec §7: the host's thumbnail sizes, largest first: max, high, medium, default. */
export const YOUTUBE_THUMBNAIL_SIZES = ['maxresdefault', 'hqdefault', 'mqdefault', 'default'] as const;

/** The privacy-enhanced player, started muted so browsers allow it to autoplay (spec §4). */
export function youtubeEmbedUrl(id: string): string {
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${id}?autoplay=1&mute=1`;
}

export function youtubeThumbnailUrl(id: string, size: (typeof YOUTUBE_THUMBNAIL_SIZES)[number]): string {
  return `${YOUTUBE_THUMBNAIL_ORIGIN}/vi/${id}/${size}.jpg`;
}

/** YouTube's stand-in for a size a video does not have is 120 px wide (a grey box), served like a real one. */
const YOUTUBE_MISSING_WIDTH = 120;

/**
 * A YouTube thumbnail in the largest size the video has. The spec reads "HEAD on a video host's thumbnail
 * sizes ... falls back down the list": a HEAD per size before showing anything would cost a round trip
 * per size for every card (and i.ytimg.com sends no CORS headers for fetch). The browser finds out the
 * same thing while loading the image: an error, or YouTube's 120 px stand-in for a missing size, moves
 * to the next size. Same fallback, no extra requests.
 */
function YoutubeThumbnail({ id, title }: { id: string; title: string }) {
  const [sizeIndex, setSizeIndex] = useState(0);
  const size = YOUTUBE_THUMBNAIL_SIZES[sizeIndex]!;
  const fallBack = () => setSizeIndex((index) => Math.min(index + 1, YOUTUBE_THUMBNAIL_SIZES.length - 1));
  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    if (size !== 'default' && event.currentTarget.naturalWidth === YOUTUBE_MISSING_WIDTH) fallBack();
  };
  return (
    <img
      className="content-video-card__thumbnail"
      src={youtubeThumbnailUrl(id, size)}
      alt={title}
      width={1280}
      height={720}
      loading="lazy"
      decoding="async"
      onError={size === 'default' ? undefined : fallBack}
      onLoad={onLoad}
    />
  );
}

function PlayIcon() {
  return (
    <svg className="content-video-card__play-icon" viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
      <rect width="68" height="48" rx="12" />
      <path d="M27 14 L47 24 L27 34 Z" fill="#fff" />
    </svg>
  );
}

/**
 * minHeights are arbitrary pixel values, which classes cannot carry and the CSP forbids as style
 * attributes; custom properties set through the CSSOM (allowed) feed the CSS media queries instead.
 */
function useMinHeights(minHeights: VideoCard['minHeights']) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !minHeights) return;
    for (const device of ['mobile', 'tablet', 'desktop'] as const) {
      const value = minHeights[device];
      if (typeof value === 'number' && value > 0) element.style.setProperty(`--content-video-min-height-${device}`, `${value}px`);
    }
  }, [minHeights]);
  return ref;
}

/** A thumbnail with a play button until clicked, then the player (spec §4 video card). */
export function VideoCardView({ video }: { video: VideoCard }) {
  const titleId = useId();
  const [playing, setPlaying] = useState(false);
  const playerRef = useRef<HTMLIFrameElement & HTMLVideoElement>(null);
  const frameRef = useMinHeights(video.minHeights);
  const youtubeId = video.videoType === 'youtube' ? youtubeIdOf(video.videoUrl) : null;
  // An unconfirmed YouTube id (not in content/data/videos.json, marked by the content service) may not
  // exist: its thumbnail shows with "Video coming soon", never a player answering "Video unavailable".
  const playable = !video.unconfirmed && (video.videoType === 'video' ? video.videoUrl.trim() !== '' : youtubeId !== null);

  // The play button is gone once the player shows: keyboard focus moves to the player, not to the page top.
  useEffect(() => {
    if (playing) playerRef.current?.focus();
  }, [playing]);

  let media;
  if (playing && youtubeId) {
    media = (
      <iframe
        ref={playerRef}
        className="content-video-card__player"
        src={youtubeEmbedUrl(youtubeId)}
        title={video.title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  } else if (playing) {
    media = (
      <video ref={playerRef} className="content-video-card__player" src={video.videoUrl} controls autoPlay muted playsInline aria-label={video.title}>
        <a href={video.videoUrl}>Download the video: {video.title}</a>
      </video>
    );
  } else {
    const thumbnail = video.thumbnail ? (
      <ResponsiveImage image={video.thumbnail} className="content-video-card__thumbnail" />
    ) : youtubeId ? (
      <YoutubeThumbnail id={youtubeId} title={video.title} />
    ) : (
      <span className="content-video-card__thumbnail content-video-card__thumbnail--blank" />
    );
    media = playable ? (
      <button type="button" className="content-video-card__play" aria-label={`Play video: ${video.title}`} onClick={() => setPlaying(true)}>
        {thumbnail}
        <PlayIcon />
      </button>
    ) : (
      <div className="content-video-card__play content-video-card__play--unavailable">
        {thumbnail}
        <p className="content-video-card__unavailable">{video.unconfirmed ? VIDEO_COMING_SOON : 'This video is not available.'}</p>
      </div>
    );
  }

  const description = video.description ? truncateText(video.description, VIDEO_DESCRIPTION_LIMIT).text : undefined;
  return (
    <article className="content-video-card" aria-labelledby={titleId}>
      <div ref={frameRef} className="content-video-card__frame">
        {media}
      </div>
      <h3 id={titleId} className="content-video-card__title">
        {video.title}
      </h3>
      {description && <p className="content-video-card__description">{description}</p>}
    </article>
  );
}

/** Video cards in the Slider: two in view on larger screens, one on phones. */
export default function VideoCards({ block }: BlockComponentProps<VideoCardsBlock>) {
  const videos = Array.isArray(block.videos) ? block.videos : [];
  return (
    <CarouselSection block="content-video-cards" title={block.title} description={block.description} noun="Videos" empty={videos.length === 0}>
      <Slider
        label={carouselLabel(block.title, 'Videos')}
        slidesToShow={{ mobile: 1, tablet: 2, desktop: 2 }}
        className="content-video-cards__slider"
        slides={videos.map((video, index) => ({ key: `${video.videoUrl}-${index}`, label: video.title, content: <VideoCardView video={video} /> }))}
      />
    </CarouselSection>
  );
}
