import { useState } from 'react';
import { VIDEO_COMING_SOON, type AssemblyVideo, type Spec } from '@storefront/contracts';

/** Thumbnails and players take the spec's width and height; these when the content gives none. */
export const ASSEMBLY_VIDEO_WIDTH = 320;
export const ASSEMBLY_VIDEO_HEIGHT = 180;

/**
 * youtube-nocookie.com: YouTube sets no cookies until the shopper plays the video. It starts muted
 * (spec §4: autoplay muted; browsers also block autoplay with sound) and inline on iPhones; the
 * shopper turns the sound on in the player.
 */
export function youtubeEmbedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&mute=1&playsinline=1&rel=0`;
}

/**
 * The assembly-videos spec: a thumbnail per video (the spec's width and height, a play icon unless
 * playIcon is false). Nothing is fetched from YouTube until the shopper presses play; then the
 * thumbnail becomes the player.
 */
export function AssemblyVideos({ spec }: { spec: Spec }) {
  const width = spec.options?.width ?? ASSEMBLY_VIDEO_WIDTH;
  const height = spec.options?.height ?? ASSEMBLY_VIDEO_HEIGHT;
  const playIcon = spec.options?.playIcon !== false;
  const videos = (spec.videos ?? []).filter((video) => video.youtubeId || video.src);
  return (
    <ul className={`sf-assembly-videos sf-spec__list--${spec.options?.display === 'list-view' ? 'list' : 'grid'}`}>
      {videos.map((video) => (
        <li key={video.youtubeId ?? video.src} className="sf-assembly-videos__item">
          <VideoTile video={video} width={width} height={height} playIcon={playIcon} />
          <p className="sf-assembly-videos__title">{video.title}</p>
        </li>
      ))}
    </ul>
  );
}

function VideoTile({ video, width, height, playIcon }: { video: AssemblyVideo; width: number; height: number; playIcon: boolean }) {
  const [playing, setPlaying] = useState(false);
  // An unconfirmed YouTube id (marked by the content service: not in content/data/videos.json) may not
  // exist, so it gets no player: its thumbnail and "Video coming soon".
  if (video.unconfirmed) {
    return (
      <div className="sf-assembly-videos__play sf-assembly-videos__play--soon">
        <img src={video.thumbnail} alt="" width={width} height={height} loading="lazy" />
        <span className="sf-assembly-videos__soon">{VIDEO_COMING_SOON}</span>
      </div>
    );
  }
  if (playing && video.youtubeId) {
    return (
      <iframe
        className="sf-assembly-videos__player"
        src={youtubeEmbedUrl(video.youtubeId)}
        title={video.title}
        width={width}
        height={height}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  if (playing && video.src) {
    // Autoplay even for visitors who ask for reduced motion: nothing moves until they press play, and
    // the press is the request to play. Muted (the sound is their choice, in the controls) and inline.
    return (
      <video
        className="sf-assembly-videos__player"
        src={video.src}
        width={width}
        height={height}
        controls
        autoPlay
        muted
        playsInline
        poster={video.thumbnail}
        aria-label={video.title}
      />
    );
  }
  return (
    <button type="button" className="sf-assembly-videos__play" aria-label={`Play video: ${video.title}`} onClick={() => setPlaying(true)}>
      <img src={video.thumbnail} alt="" width={width} height={height} loading="lazy" />
      {playIcon && (
        <svg className="sf-assembly-videos__icon" viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
          <rect width="68" height="48" rx="12" fill="#000" fillOpacity="0.7" />
          <path d="M27 14v20l18-10z" fill="#fff" />
        </svg>
      )}
    </button>
  );
}
