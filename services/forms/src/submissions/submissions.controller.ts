import { Controller, Param, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, type FormSubmitResponse } from '@storefront/contracts';
import { IDEMPOTENT_REPLAYED_HEADER, RateLimitGuard, requestIdOf } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { EstimatesService } from '../estimates/estimates.service.js';
import { SubmissionBodyInterceptor, receivedFilesOf } from '../uploads/submission-body.interceptor.js';
import { SubmissionTargets } from './submission-target.js';
import { SubmissionsService, type SubmissionInput } from './submissions.service.js';

@Controller('api/forms')
export class SubmissionsController {
  constructor(
    private readonly targets: SubmissionTargets,
    private readonly submissions: SubmissionsService,
    private readonly estimates: EstimatesService,
  ) {}

  /**
   * A form of content/forms/ or an estimator of content/estimator/, as JSON, multipart/form-data (with
   * files) or urlencoded. The rate limit runs first, then the body is read (SubmissionBodyInterceptor).
   * 201 also for a replay of the same Idempotency-Key (flagged Idempotent-Replayed).
   */
  @Post(':formName')
  @UseGuards(RateLimitGuard)
  @UseInterceptors(SubmissionBodyInterceptor)
  async submit(@Param('formName') formName: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<FormSubmitResponse> {
    const target = await this.targets.resolve(formName);
    const requestId = requestIdOf(req);
    const input: SubmissionInput = {
      body: req.body as unknown,
      files: receivedFilesOf(req),
      idempotencyKey: req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()],
      ...(requestId ? { requestId } : {}),
      ...(req.ip ? { remoteIp: req.ip } : {}),
    };
    const answer = target.kind === 'estimator' ? await this.estimates.submit(target.bundle, input) : await this.submissions.submit(formName, input);
    res.status(answer.status);
    if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return answer.body;
  }
}
