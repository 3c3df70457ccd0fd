import { Controller, Header } from '@nestjs/common';
import { type ResponseOf, contentRoutes } from '@storefront/contracts';
import { Route } from '@storefront/service-kit';
import { ReviewsService } from './reviews.service.js';

@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  /** The stored reviews (named for the review platform the business exports them from). */
  @Route(contentRoutes.reviews)
  @Header('Cache-Control', 'no-cache')
  birdeye(): Promise<ResponseOf<typeof contentRoutes.reviews>> {
    return this.reviews.list();
  }

  @Route(contentRoutes.reviewSummary)
  @Header('Cache-Control', 'no-cache')
  summary(): Promise<ResponseOf<typeof contentRoutes.reviewSummary>> {
    return this.reviews.summary();
  }
}
