import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FORM_MESSAGES, type FormDefinition, type FormSubmitResponse } from '@storefront/contracts';
import { validateFormSubmission } from '@storefront/form-schema';
import { ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { Repository } from 'typeorm';
import { FormSubmissionEntity } from './form-submission.entity.js';
import {
  CORRECT_FIELDS_MESSAGE,
  FORM_NOT_FOUND_MESSAGE,
  SUBMISSION_NOT_FOUND_MESSAGE,
  fieldsToValidate,
  isSubmissionId,
  parseSubmission,
} from './submission-request.js';

@Injectable()
export class SubmissionsService {
  constructor(
    private readonly content: ContentStore,
    @InjectRepository(FormSubmissionEntity) private readonly submissions: Repository<FormSubmissionEntity>,
  ) {}

  private async definitionOf(formName: string): Promise<FormDefinition> {
    try {
      return await this.content.loadFormDefinition(formName);
    } catch (error) {
      if (error instanceof ContentNotFoundError) throw new NotFoundException(FORM_NOT_FOUND_MESSAGE);
      throw error;
    }
  }

  /** Validates with the same rules as the browser, then stores (or continues) the submission. */
  async submit(formName: string, body: unknown, requestId: string | undefined): Promise<FormSubmitResponse> {
    const definition = await this.definitionOf(formName);
    const submission = parseSubmission(formName, body);

    const result = validateFormSubmission({ fields: fieldsToValidate(definition, submission.formData) }, submission.formData);
    if (!result.valid) {
      throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors: result.errors });
    }
    // The captcha itself is checked by the browser widget; without a token the request is refused.
    if (definition.googleReCaptcha && !(typeof (body as { recaptchaToken?: unknown }).recaptchaToken === 'string')) {
      throw new BadRequestException({ message: FORM_MESSAGES.captcha });
    }

    const saved = submission.id
      ? await this.continueSubmission(formName, submission.id, result.values, submission.metadata, requestId)
      : await this.submissions.save(
          this.submissions.create({ formName, data: result.values, metadata: submission.metadata, requestId: requestId ?? null }),
        );

    return {
      success: true,
      message: definition.messages?.success ?? FORM_MESSAGES.defaultSuccess,
      data: { id: saved.id },
    };
  }

  /** A later step of a multi-step form: merged into the row the first step created, for the same form only. */
  private async continueSubmission(
    formName: string,
    id: string,
    values: Record<string, unknown>,
    metadata: Record<string, unknown>,
    requestId: string | undefined,
  ): Promise<FormSubmissionEntity> {
    const existing = isSubmissionId(id) ? await this.submissions.findOneBy({ id, formName }) : null;
    if (!existing) throw new NotFoundException({ message: SUBMISSION_NOT_FOUND_MESSAGE, errorType: 'submissionNotExist' });
    existing.data = { ...existing.data, ...values };
    existing.metadata = { ...existing.metadata, ...metadata };
    existing.stepCount += 1;
    existing.requestId = requestId ?? existing.requestId;
    return this.submissions.save(existing);
  }
}
