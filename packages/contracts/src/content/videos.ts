import type { ConfirmedVideo } from '../content-files/videos.js';

export type { ConfirmedVideo } from '../content-files/videos.js';

/**
 * How content names a video: a YouTube video by its id, a file this site serves by its path. The
 * registry of confirmed videos (content/data/videos.json) is keyed the same way.
 */
export interface VideoRef {
  provider: 'youtube' | 'file';
  id: string;
}

/**
 * Set by the content service on a video the registry does not confirm and that would play from
 * another site (YouTube): the page shows its thumbnail and "Video coming soon" instead of a player, as
 * an unconfirmed id may not exist (YouTube's "Video unavailable"). Content files never carry it (their
 * strict schemas refuse it); our own files play whether or not they are registered, as the content
 * check already proves they exist.
 */
export interface VideoAvailability {
  unconfirmed?: true;
}

/** The 11-character id of a YouTube address (watch, youtu.be, embed, shorts, live) or of a bare id; else null. */
export function youtubeIdOf(url: string): string | null {
  const id = /^[\w-]{11}$/;
  if (id.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = parsed.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    candidate = parsed.pathname === '/watch' ? parsed.searchParams.get('v') : /^\/(embed|shorts|live)\/([^/]+)/.exec(parsed.pathname)?.[2];
  }
  return candidate && id.test(candidate) ? candidate : null;
}

/** The words shown in place of a player for an unconfirmed video. */
export const VIDEO_COMING_SOON = 'Video coming soon';

/** A video card's video (video-cards block, a category's video); undefined when its address names none. */
export function videoCardRef(card: { videoType?: unknown; videoUrl?: unknown } | null | undefined): VideoRef | undefined {
  if (typeof card?.videoUrl !== 'string') return undefined;
  if (card.videoType === 'video') return { provider: 'file', id: card.videoUrl };
  const id = youtubeIdOf(card.videoUrl);
  return id ? { provider: 'youtube', id } : undefined;
}

/** An assembly video of a style's assembly-videos spec. */
export function assemblyVideoRef(video: { youtubeId?: unknown; src?: unknown } | null | undefined): VideoRef | undefined {
  if (typeof video?.youtubeId === 'string') return { provider: 'youtube', id: video.youtubeId };
  if (typeof video?.src === 'string') return { provider: 'file', id: video.src };
  return undefined;
}

/** A media block's video: our file (contentUrl), else a YouTube player page (embedUrl); a link to anything else names no video. */
export function pageVideoRef(video: { contentUrl?: unknown; embedUrl?: unknown } | null | undefined): VideoRef | undefined {
  if (typeof video?.contentUrl === 'string') return { provider: 'file', id: video.contentUrl };
  const id = typeof video?.embedUrl === 'string' ? youtubeIdOf(video.embedUrl) : null;
  return id ? { provider: 'youtube', id } : undefined;
}

/** The registry's entry for `ref`, or undefined when the video is not confirmed. */
export function confirmedVideo(registry: readonly ConfirmedVideo[], ref: VideoRef | undefined): ConfirmedVideo | undefined {
  if (!ref) return undefined;
  return registry.find((video) => video.provider === ref.provider && video.id === ref.id);
}
