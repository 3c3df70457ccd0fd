import { array, number, object, string, type InferType } from 'yup';

/** Spec §3 review, as GET /api/reviews/birdeye answers it (rating normalised to a number, 1 to 5 in half steps). */
export const reviewSchema = object({
  id: string().required(),
  name: string().required(),
  rating: number().min(1).max(5).required(),
  platform: string().nullable().defined(),
  location: string().nullable().defined(),
  profilePicture: string().nullable().defined(),
  reviewText: string().nullable().defined(),
});
export type Review = InferType<typeof reviewSchema>;

/** GET /api/reviews/birdeye: the stored reviews, at most 50. */
export const reviewListSchema = array(reviewSchema.required()).required();

/** GET /api/reviews/summary */
export const reviewSummarySchema = object({
  /** the average rating to one decimal; 0 without reviews */
  avgRating: number().min(0).max(5).required(),
  reviewCount: number().integer().min(0).required(),
});
export type ReviewSummary = InferType<typeof reviewSummarySchema>;

export type { ReviewRecord } from '../content-files/blogs.js';
