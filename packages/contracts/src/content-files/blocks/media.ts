import { mixed, type InferType } from 'yup';
import type { VideoAvailability } from '../../content/videos.js';
import { fields, flag, listOf, numberIn, oneOfText, text } from '../editor-rules.js';
import { imageRefSchema as imageRef } from '../site.js';
import { blockOf } from './base.js';

// media blocks: slider, review cards, reviews summary, video cards

/** One picture of a slider block: its label names the slide (and shows beside the counter). */
export const sliderItemSchema = fields({ image: imageRef, label: text().optional(), caption: text().optional() });
export type SliderItem = InferType<typeof sliderItemSchema>;

/** Pictures in the Slider with a "2 / 5" counter and the current slide's label. */
export const sliderBlockSchema = fields({
  ...blockOf('slider'),
  title: text().optional(),
  description: text().optional(),
  slides: listOf(sliderItemSchema, { min: 1 }),
  /** slides in view on desktop (1); tablets show at most 2, phones 1 */
  slidesToShow: numberIn({ min: 1, max: 4, integer: true }).optional(),
  /** true when absent */
  showCounter: flag().optional(),
  /** true when absent */
  showLabels: flag().optional(),
});
export type SliderBlock = InferType<typeof sliderBlockSchema>;

/** Customer reviews (GET /api/reviews/birdeye) as cards in the Slider. */
export const reviewCardsBlockSchema = fields({ ...blockOf('review-cards'), title: text().optional(), description: text().optional() });
export type ReviewCardsBlock = InferType<typeof reviewCardsBlockSchema>;

/** The reviews' average and count (GET /api/reviews/summary); nothing shows when it cannot be loaded. */
export const reviewsSummaryBlockSchema = fields({ ...blockOf('reviews-summary'), title: text().optional() });
export type ReviewsSummaryBlock = InferType<typeof reviewsSummaryBlockSchema>;

const YOUTUBE_ADDRESS = /^https:\/\/(www\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{11}/;
const VIDEO_FILE = /^(\/images\/[a-z0-9/_.-]+|https:\/\/\S+)\.(mp4|webm)$/;

/** Spec §3 video card. `videoUrl` is a YouTube address (videoType youtube) or a video file (video). */
/** The content service's mark on a video the registry does not confirm (VideoAvailability): only ever `true`. */
export function unconfirmedMark() {
  return mixed<true>((value): value is true => value === true)
    .optional()
    .typeError('must be true when present');
}

const videoCardFields = {
  videoType: oneOfText(['youtube', 'video']),
  videoUrl: text().test('video-address', function videoAddress(value) {
    if (value === undefined) return true;
    const file = (this.parent as { videoType?: unknown }).videoType === 'video';
    if (file ? VIDEO_FILE.test(value) : YOUTUBE_ADDRESS.test(value)) return true;
    const wanted = file ? 'an /images/ or https:// .mp4 or .webm file' : 'a YouTube video address';
    return this.createError({ message: `must be ${wanted} (got ${JSON.stringify(value)})` });
  }),
  title: text(),
  /** plain text, cut at 250 characters at a word boundary */
  description: text().optional(),
  /** absent for YouTube: the host's own thumbnail sizes are tried */
  thumbnail: imageRef.optional(),
  /** the player's least height per device class, in px */
  minHeights: fields({
    desktop: numberIn({ min: 1, integer: true }).optional(),
    tablet: numberIn({ min: 1, integer: true }).optional(),
    mobile: numberIn({ min: 1, integer: true }).optional(),
  }).optional(),
  // No uploadDate or duration: a video's facts are kept once, in content/data/videos.json.
};
export const videoCardSchema = fields(videoCardFields);
/** As the content API serves it: content files never carry `unconfirmed` (their schema refuses it), answers may. */
export const servedVideoCardSchema = fields({ ...videoCardFields, unconfirmed: unconfirmedMark() });
/** A video card as content writes it, and as the content API serves it (which may add `unconfirmed`). */
export type VideoCard = InferType<typeof videoCardSchema> & VideoAvailability;

export const videoCardsBlockSchema = fields({
  ...blockOf('video-cards'),
  title: text().optional(),
  description: text().optional(),
  videos: listOf(videoCardSchema, { min: 1 }),
});
/** videos as the content API serves them (each may be marked `unconfirmed`) */
export type VideoCardsBlock = Omit<InferType<typeof videoCardsBlockSchema>, 'videos'> & { videos: VideoCard[] };

export type MediaBlock = SliderBlock | ReviewCardsBlock | ReviewsSummaryBlock | VideoCardsBlock;
