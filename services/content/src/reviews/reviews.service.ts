import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ReviewRecord } from '@storefront/contracts';
import { halfStepRating } from '@storefront/contracts/content-files';
import { ContentStore } from '@storefront/site-config';
import { Repository } from 'typeorm';
import type { Review as ReviewAnswer, ReviewSummary } from '@storefront/contracts';
import { Review } from './review.entity.js';

export type { ReviewSummary };

/** The most reviews GET /api/reviews/birdeye answers with: enough for any slider, bounded for the page. */
export const MAX_LISTED_REVIEWS = 50;

/** Stable key of a review from its content, so re-seeding finds the rows it already added. */
export function reviewSourceKey(review: ReviewRecord): string {
  return createHash('sha256')
    .update(JSON.stringify([review.name, review.platform, review.reviewText]))
    .digest('hex');
}

@Injectable()
export class ReviewsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('reviews');

  constructor(
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly store: ContentStore,
  ) {}

  /** Seeds the table from content/data/reviews.json on every boot; existing reviews are left alone. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.seedFromContent();
    } catch (error) {
      // A broken reviews file must not keep the content API down; the summary shows what is stored.
      this.logger.error(`Reviews were not seeded: ${(error as Error).message}`);
    }
  }

  async seedFromContent(): Promise<number> {
    // checked against its content-file schema by the store (a name, a rating 1 to 5 in half steps, ...)
    const valid = await this.store.loadReviews();
    if (valid.length === 0) return 0;
    const result = await this.reviews
      .createQueryBuilder()
      .insert()
      .into(Review)
      .values(
        valid.map((review) => ({
          sourceKey: reviewSourceKey(review),
          authorName: review.name.trim().slice(0, 200),
          rating: halfStepRating(review.rating)!,
          platform: review.platform,
          location: review.location,
          reviewText: review.reviewText,
          profilePicture: review.profilePicture ?? null,
        })),
      )
      .orIgnore()
      .execute();
    const added = result.identifiers.filter(Boolean).length;
    this.logger.log(`Reviews seeded: ${added} new of ${valid.length}`);
    return added;
  }

  /** The stored reviews, best first and newest first among equals (the order of the home page's cards). */
  async list(): Promise<ReviewAnswer[]> {
    const rows = await this.reviews.find({
      order: { rating: 'DESC', createdAt: 'DESC', authorName: 'ASC' },
      take: MAX_LISTED_REVIEWS,
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.authorName,
      rating: Number(row.rating),
      platform: row.platform,
      location: row.location,
      profilePicture: row.profilePicture,
      reviewText: row.reviewText,
    }));
  }

  async summary(): Promise<ReviewSummary> {
    const row = await this.reviews
      .createQueryBuilder('review')
      .select('AVG(review.rating)', 'avg')
      .addSelect('COUNT(*)', 'count')
      .getRawOne<{ avg: string | null; count: string }>();
    const reviewCount = Number(row?.count ?? 0);
    const avgRating = row?.avg ? Math.round(Number(row.avg) * 10) / 10 : 0;
    return { avgRating, reviewCount };
  }
}
