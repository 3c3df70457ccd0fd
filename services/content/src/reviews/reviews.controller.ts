import { Controller, Get, Header } from '@nestjs/common';
import { ReviewsService, type ReviewSummary } from './reviews.service.js';

@Controller('api/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get('summary')
  @Header('Cache-Control', 'no-cache')
  summary(): Promise<ReviewSummary> {
    return this.reviews.summary();
  }
}
