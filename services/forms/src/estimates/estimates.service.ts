import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { ESTIMATOR_MESSAGES, isPlainObject, type EstimatorBundle, type FormSubmitResponse } from '@storefront/contracts';
import { CORRECT_FIELDS_MESSAGE, assertSubmissionNames } from '../submissions/submission-request.js';
import type { SubmissionInput } from '../submissions/submissions.service.js';
import { SubmissionWriter, idempotencyRequest, type WriteAnswer } from '../submissions/submission-writer.js';
import { FormNotifications } from '../notifications/form-notifications.js';
import { browserDisagreement, computeEstimate, estimateNotification, validateEstimateValues } from './estimate-submission.js';

/**
 * Estimator submissions (POST /api/forms/{estimatorName}, e.g. kitchen): the picks are checked against
 * the template and priced again here; the browser's totalPrice and summary are never stored.
 */
@Injectable()
export class EstimatesService {
  private readonly logger = new Logger('EstimatesService');

  constructor(
    private readonly writer: SubmissionWriter,
    private readonly notifications: FormNotifications,
  ) {}

  async submit(bundle: EstimatorBundle, input: SubmissionInput): Promise<WriteAnswer<FormSubmitResponse>> {
    const name = bundle.template.name;
    const { submission } = input;
    assertSubmissionNames(name, submission);
    const idempotency = idempotencyRequest(input.idempotencyKey, name, submission, []);
    const result = validateEstimateValues(bundle, submission.formData);
    if (!result.valid) throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors: result.errors });
    const estimate = computeEstimate(bundle, result.values);
    if (!estimate) throw new BadRequestException({ message: ESTIMATOR_MESSAGES.noPrice });

    const differences = browserDisagreement(estimate, submission);
    if (differences.length > 0) {
      // Stale content in an open tab, or a tampered request: either way the server's price is stored.
      this.logger.log(`Estimate "${name}": the browser's ${differences.join(' and ')} differ from the server's; stored the server's`);
    }

    // "Email My Estimate" carries emailNotifications; the PDF download sends the picks without them.
    const requested = submission.emailNotifications;
    const wantsEmail = isPlainObject(requested) && requested.sendSuccessEmail !== false;

    const answer = await this.writer.write({
      formName: name,
      values: result.values,
      metadata: submission.metadata ?? {},
      uploads: [],
      estimate,
      ...(input.requestId ? { requestId: input.requestId } : {}),
      ...(idempotency ? { idempotency } : {}),
      ...(wantsEmail
        ? { onStored: (manager, id) => this.notifications.queue(manager, estimateNotification(bundle, id, result.values, estimate)) }
        : {}),
      answer: (id) => ({ success: true, message: wantsEmail ? ESTIMATOR_MESSAGES.emailSent : 'Estimate saved.', data: { id, totalPrice: estimate.totalPrice } }),
    });
    return answer;
  }
}
