import type { InferType } from 'yup';
import { fields, isoDate, isoDuration, listOf, oneOfText, rule, text } from './editor-rules.js';

// content/data/videos.json: the one registry of videos whose facts are confirmed.
// Content (video cards, assembly videos, category videos, media blocks) names a video by its provider
// id: a YouTube video by its 11-character id, a file we host by its site path. A page's VideoObject
// structured data is built from this registry only, so no title, date or duration is ever written for a
// video nobody has confirmed; a video missing here is listed by `npm run content:check` as unconfirmed.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_FILE_PATH = /^\/(images\/)?videos\/[a-z0-9/_.-]+\.(mp4|webm)$/;

/** One confirmed video and its facts, all required: a registry entry without them fails the content check. */
export const confirmedVideoSchema = fields({
  /** youtube: played from YouTube; file: a file this site serves */
  provider: oneOfText(['youtube', 'file']),
  /** the YouTube video id, or the file's site path as content writes it (/images/videos/....webm) */
  id: text().test('video-id', function videoId(value) {
    if (value === undefined) return true;
    const file = (this.parent as { provider?: unknown }).provider === 'file';
    if ((file ? VIDEO_FILE_PATH : YOUTUBE_ID).test(value)) return true;
    return this.createError({ message: `must be ${file ? 'a /images/videos/....mp4 or .webm path' : 'an 11-character YouTube video id'} (got ${JSON.stringify(value)})` });
  }),
  /** the video's own title */
  title: text(),
  /** plain text; absent: the page's own words about the video are used */
  description: text().optional(),
  /** ISO 8601, as the provider (or the file itself) reports it, never estimated */
  duration: isoDuration('PT4M12S'),
  /** the day the video was published (YouTube) or first served by this site (a file) */
  uploadDate: isoDate(),
  /** the picture shown for the video: an /images/ path or an https:// address */
  thumbnail: text({ pattern: /^(\/images\/|https:\/\/)\S+$/, patternText: 'an /images/ path or an https:// address' }),
});
export type ConfirmedVideo = InferType<typeof confirmedVideoSchema>;

/** content/data/videos.json: may be empty (no video confirmed yet); each id once. */
export const videoRegistrySchema = listOf(confirmedVideoSchema).test(
  rule<{ id?: unknown }[]>('unique-video-ids', (videos) => {
    const seen = new Set<unknown>();
    const found: [string, string][] = [];
    videos.forEach((video, index) => {
      if (seen.has(video?.id)) found.push([`[${index}].id`, `${JSON.stringify(video.id)} is listed twice`]);
      seen.add(video?.id);
    });
    return found;
  }),
);
