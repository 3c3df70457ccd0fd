import { BadRequestException, Injectable } from '@nestjs/common';
import { FORM_MESSAGES, allFormFields, type FormDefinition, type FormSubmission, type FormSubmitResponse } from '@storefront/contracts';
import { validateFormSubmission } from '@storefront/form-schema';
import { CaptchaService } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import type { EntityManager } from 'typeorm';
import { Bookings, bookingConfigOf, type SlotClaim } from '../bookings/bookings.service.js';
import { FormNotifications } from '../notifications/form-notifications.js';
import { acceptedUploads, inspectUploads, withReceivedFiles, type ReceivedFile } from '../uploads/received-files.js';
import { completesSubmission } from './form-steps.js';
import { FormSubmissionEntity } from './form-submission.entity.js';
import { withHashedPasswords } from './password-hash.js';
import { CORRECT_FIELDS_MESSAGE, assertNotAccountRegistration, assertSubmissionNames, fieldsToValidate } from './submission-request.js';
import { formDefinitionOf } from './submission-target.js';
import { SubmissionWriter, idempotencyRequest, type WriteAnswer } from './submission-writer.js';

/** One POST /api/forms/{formName}, its body read into the envelope and checked by the route's schema. */
export interface SubmissionInput {
  submission: FormSubmission;
  /** multipart file parts */
  files: readonly ReceivedFile[];
  /** the Idempotency-Key header, as sent */
  idempotencyKey?: string | string[];
  requestId?: string;
  /** the shopper's address, passed to the captcha provider */
  remoteIp?: string;
}

/**
 * §8's success wording, decided by the server: the configured message, else the default. A multi-step
 * form's earlier steps are saved quietly (the browser moves on to the next step); its last step says
 * "Your form has been submitted successfully." unless the form configures its own message.
 */
export function submissionSuccessMessage(definition: FormDefinition, formData: unknown): string {
  if (definition.steps?.length) {
    if (!completesSubmission(definition, formData)) return 'Step saved.';
    return definition.messages?.success ?? FORM_MESSAGES.kitchenDesignSuccess;
  }
  return definition.messages?.success ?? FORM_MESSAGES.defaultSuccess;
}

@Injectable()
export class SubmissionsService {
  constructor(
    private readonly content: ContentStore,
    private readonly writer: SubmissionWriter,
    private readonly captcha: CaptchaService,
    private readonly notifications: FormNotifications,
    private readonly bookings: Bookings,
  ) {}

  /**
   * Validates with the same rules as the browser (files by the type their content shows), then stores
   * the submission (or continues it) with its files, idempotently when an Idempotency-Key is sent.
   */
  async submit(formName: string, input: SubmissionInput): Promise<WriteAnswer<FormSubmitResponse>> {
    const definition = await formDefinitionOf(this.content, formName);
    assertNotAccountRegistration(definition);
    const { submission } = input;
    assertSubmissionNames(formName, submission);
    const uploads = await inspectUploads(input.files);
    const idempotency = idempotencyRequest(input.idempotencyKey, formName, submission, uploads);

    const formData = withReceivedFiles(submission.formData, allFormFields(definition), uploads);
    const fields = fieldsToValidate(definition, formData);
    const result = validateFormSubmission({ fields }, formData);
    if (!result.valid) {
      throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors: result.errors });
    }
    // After the field rules (a verified token is spent), before anything is stored.
    await this.captcha.check(definition, submission.recaptchaToken, input.remoteIp);
    // A booking form (config.booking): the slot must be free now (400/409), and is claimed with the submission.
    const booking = bookingConfigOf(definition);
    const slot: SlotClaim | undefined = booking ? await this.bookings.check(formName, booking, result.values) : undefined;

    const answer = await this.writer.write({
      formName,
      ...(submission.id ? { continueId: submission.id } : {}),
      ...(submission.continuationToken ? { continuationToken: submission.continuationToken } : {}),
      continues: Boolean(definition.steps?.length) && !completesSubmission(definition, formData),
      values: await withHashedPasswords(fields, result.values),
      metadata: submission.metadata ?? {},
      uploads: acceptedUploads(uploads, fields, result.values),
      ...(input.requestId ? { requestId: input.requestId } : {}),
      ...(idempotency ? { idempotency } : {}),
      // The e-mail job commits with the submission (FormNotifications decides whether there is one),
      // with every value stored so far: a multi-step form's last step e-mails all its steps.
      onStored: async (manager: EntityManager, submissionId: string) => {
        // first: a slot taken meanwhile rolls the whole submission back (409) before anything is queued
        if (slot) await this.bookings.claim(manager, slot, submissionId);
        const stored = await manager.findOneByOrFail(FormSubmissionEntity, { id: submissionId });
        await this.notifications.queueForSubmission(manager, {
          definition,
          requested: submission.emailNotifications,
          formData,
          submissionId,
          values: stored.data,
        });
      },
      answer: (id) => ({ success: true, message: submissionSuccessMessage(definition, formData), data: { id } }),
    });
    return answer;
  }
}
