import { Controller, Get, Header } from '@nestjs/common';
import type { Review } from '@storefront/contracts';
import { ReviewsService, type ReviewSummary } from './reviews.service.js';

@Controller('api/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  /** The stored reviews (named for the review platform the business exports them from). */
  @Get('birdeye')
  @Header('Cache-Control', 'no-cache')
  birdeye(): Promise<Review[]> {
    return this.reviews.list();
  }

  @Get('summary')
  @Header('Cache-Control', 'no-cache')
  summary(): Promise<ReviewSummary> {
    return this.reviews.summary();
  }
}
