import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { ESTIMATOR_MESSAGES, type EstimatorBundle, type FormSubmitResponse } from '@storefront/contracts';
import { CORRECT_FIELDS_MESSAGE, parseSubmission } from '../submissions/submission-request.js';
import type { SubmissionInput } from '../submissions/submissions.service.js';
import { SubmissionWriter, idempotencyRequest, type WriteAnswer } from '../submissions/submission-writer.js';
import { browserDisagreement, computeEstimate, validateEstimateValues } from './estimate-submission.js';

/**
 * Estimator submissions (POST /api/forms/{estimatorName}, e.g. kitchen): the picks are checked against
 * the template and priced again here; the browser's totalPrice and summary are never stored.
 */
@Injectable()
export class EstimatesService {
  private readonly logger = new Logger('EstimatesService');

  constructor(private readonly writer: SubmissionWriter) {}

  async submit(bundle: EstimatorBundle, input: SubmissionInput): Promise<WriteAnswer<FormSubmitResponse>> {
    const name = bundle.template.name;
    const submission = parseSubmission(name, input.body);
    const idempotency = idempotencyRequest(input.idempotencyKey, name, input.body, []);
    const result = validateEstimateValues(bundle, submission.formData);
    if (!result.valid) throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors: result.errors });
    const estimate = computeEstimate(bundle, result.values);
    if (!estimate) throw new BadRequestException({ message: ESTIMATOR_MESSAGES.noPrice });

    const differences = browserDisagreement(estimate, input.body as Record<string, unknown>);
    if (differences.length > 0) {
      // Stale content in an open tab, or a tampered request: either way the server's price is stored.
      this.logger.log(`Estimate "${name}": the browser's ${differences.join(' and ')} differ from the server's; stored the server's`);
    }

    return this.writer.write({
      formName: name,
      values: result.values,
      metadata: submission.metadata,
      uploads: [],
      estimate,
      ...(input.requestId ? { requestId: input.requestId } : {}),
      ...(idempotency ? { idempotency } : {}),
      answer: (id) => ({ success: true, message: ESTIMATOR_MESSAGES.emailSent, data: { id, totalPrice: estimate.totalPrice } }),
    });
  }
}
