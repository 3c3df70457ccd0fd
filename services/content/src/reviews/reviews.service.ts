import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ContentStore, type ReviewRecord } from '@storefront/site-config';
import { Repository } from 'typeorm';
import { Review } from './review.entity.js';

export interface ReviewSummary {
  avgRating: number;
  reviewCount: number;
}

/** Stable key of a review from its content, so re-seeding finds the rows it already added. */
export function reviewSourceKey(review: ReviewRecord): string {
  return createHash('sha256')
    .update(JSON.stringify([review.name, review.platform ?? '', review.reviewText ?? '']))
    .digest('hex');
}

function isSeedable(review: ReviewRecord): boolean {
  return (
    typeof review?.name === 'string' &&
    review.name.trim() !== '' &&
    Number.isInteger(review.rating) &&
    review.rating >= 1 &&
    review.rating <= 5
  );
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
    const records = await this.store.loadReviews();
    const valid = records.filter(isSeedable);
    if (valid.length < records.length) {
      this.logger.warn(`${records.length - valid.length} review(s) in data/reviews.json skipped (need name and rating 1-5)`);
    }
    if (valid.length === 0) return 0;
    const result = await this.reviews
      .createQueryBuilder()
      .insert()
      .into(Review)
      .values(
        valid.map((review) => ({
          sourceKey: reviewSourceKey(review),
          authorName: review.name.trim().slice(0, 200),
          rating: review.rating,
          platform: review.platform ?? null,
          location: review.location ?? null,
          reviewText: review.reviewText ?? null,
        })),
      )
      .orIgnore()
      .execute();
    const added = result.identifiers.filter(Boolean).length;
    this.logger.log(`Reviews seeded: ${added} new of ${valid.length}`);
    return added;
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
