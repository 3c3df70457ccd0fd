import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { FORM_MESSAGES, allFormFields, type FormDefinition, type FormSubmitResponse } from '@storefront/contracts';
import { validateFormSubmission } from '@storefront/form-schema';
import { ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { acceptedUploads, inspectUploads, withReceivedFiles, type ReceivedFile } from '../uploads/received-files.js';
import { withHashedPasswords } from './password-hash.js';
import { CORRECT_FIELDS_MESSAGE, FORM_NOT_FOUND_MESSAGE, fieldsToValidate, parseSubmission } from './submission-request.js';
import { SubmissionWriter, idempotencyRequest, type WriteAnswer } from './submission-writer.js';

/** One POST /api/forms/{formName}, its body already read into the JSON envelope. */
export interface SubmissionInput {
  body: unknown;
  /** multipart file parts */
  files: readonly ReceivedFile[];
  /** the Idempotency-Key header, as sent */
  idempotencyKey?: string | string[];
  requestId?: string;
}

@Injectable()
export class SubmissionsService {
  constructor(
    private readonly content: ContentStore,
    private readonly writer: SubmissionWriter,
  ) {}

  private async definitionOf(formName: string): Promise<FormDefinition> {
    try {
      return await this.content.loadFormDefinition(formName);
    } catch (error) {
      if (error instanceof ContentNotFoundError) throw new NotFoundException(FORM_NOT_FOUND_MESSAGE);
      throw error;
    }
  }

  /**
   * Validates with the same rules as the browser (files by the type their content shows), then stores
   * the submission (or continues it) with its files, idempotently when an Idempotency-Key is sent.
   */
  async submit(formName: string, input: SubmissionInput): Promise<WriteAnswer<FormSubmitResponse>> {
    const definition = await this.definitionOf(formName);
    const submission = parseSubmission(formName, input.body);
    const uploads = await inspectUploads(input.files);
    const idempotency = idempotencyRequest(input.idempotencyKey, formName, input.body, uploads);

    const formData = withReceivedFiles(submission.formData, allFormFields(definition), uploads);
    const fields = fieldsToValidate(definition, formData);
    const result = validateFormSubmission({ fields }, formData);
    if (!result.valid) {
      throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors: result.errors });
    }
    // The captcha itself is checked by the browser widget; without a token the request is refused.
    if (definition.googleReCaptcha && !(typeof (input.body as { recaptchaToken?: unknown }).recaptchaToken === 'string')) {
      throw new BadRequestException({ message: FORM_MESSAGES.captcha });
    }

    return this.writer.write({
      formName,
      ...(submission.id ? { continueId: submission.id } : {}),
      values: await withHashedPasswords(fields, result.values),
      metadata: submission.metadata,
      uploads: acceptedUploads(uploads, fields, result.values),
      ...(input.requestId ? { requestId: input.requestId } : {}),
      ...(idempotency ? { idempotency } : {}),
      answer: (id) => ({ success: true, message: definition.messages?.success ?? FORM_MESSAGES.defaultSuccess, data: { id } }),
    });
  }
}
