import { Controller, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, formRoutes, type BodyOf, type FormSubmitResponse, type ParamsOf } from '@storefront/contracts';
import { IDEMPOTENT_REPLAYED_HEADER, RateLimitGuard, Route, RouteBody, RouteParams, requestIdOf } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { EstimatesService } from '../estimates/estimates.service.js';
import { SubmissionBodyInterceptor, receivedFilesOf } from '../uploads/submission-body.interceptor.js';
import { SubmissionTargets } from './submission-target.js';
import { SubmissionsService, type SubmissionInput } from './submissions.service.js';

@Controller()
export class SubmissionsController {
  constructor(
    private readonly targets: SubmissionTargets,
    private readonly submissions: SubmissionsService,
    private readonly estimates: EstimatesService,
  ) {}

  /**
   * A form of content/forms/ or an estimator of content/estimator/, as JSON, multipart/form-data (with
   * files) or urlencoded. The rate limit runs first, then the body is read into the one envelope
   * (SubmissionBodyInterceptor), then the route's schema checks the envelope (the pipe).
   * 201 also for a replay of the same Idempotency-Key (flagged Idempotent-Replayed).
   */
  @Route(formRoutes.submit)
  @UseGuards(RateLimitGuard)
  @UseInterceptors(SubmissionBodyInterceptor)
  async submit(
    @RouteParams() { formName }: ParamsOf<typeof formRoutes.submit>,
    @RouteBody() submission: BodyOf<typeof formRoutes.submit>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FormSubmitResponse> {
    const target = await this.targets.resolve(formName);
    const requestId = requestIdOf(req);
    const input: SubmissionInput = {
      submission,
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
