import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FORM_MESSAGES, type FormDefinition, type FormSubmitResponse } from '@storefront/contracts';
import { validateFormSubmission } from '@storefront/form-schema';
import { ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { Repository } from 'typeorm';
import { CaptchaService } from '../captcha/captcha.service.js';
import { FormNotifications } from '../notifications/form-notifications.js';
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
    private readonly captcha: CaptchaService,
    private readonly notifications: FormNotifications,
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
  async submit(formName: string, body: unknown, requestId: string | undefined, remoteIp?: string): Promise<FormSubmitResponse> {
    const definition = await this.definitionOf(formName);
    const submission = parseSubmission(formName, body);

    const result = validateFormSubmission({ fields: fieldsToValidate(definition, submission.formData) }, submission.formData);
    if (!result.valid) {
      throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors: result.errors });
    }
    // After the field rules (a verified token is spent), before anything is stored.
    const envelope = body as { recaptchaToken?: unknown; emailNotifications?: unknown };
    await this.captcha.check(definition, envelope.recaptchaToken, remoteIp);

    // The submission and its e-mail job commit together (FormNotifications decides whether there is one).
    const saved = await this.submissions.manager.transaction(async (manager) => {
      const repository = manager.getRepository(FormSubmissionEntity);
      const row = submission.id
        ? await this.continueSubmission(repository, formName, submission.id, result.values, submission.metadata, requestId)
        : await repository.save(repository.create({ formName, data: result.values, metadata: submission.metadata, requestId: requestId ?? null }));
      await this.notifications.queueForSubmission(manager, {
        definition,
        requested: envelope.emailNotifications,
        formData: submission.formData,
        submissionId: row.id,
        values: row.data,
      });
      return row;
    });
    this.notifications.afterCommit();

    return {
      success: true,
      message: definition.messages?.success ?? FORM_MESSAGES.defaultSuccess,
      data: { id: saved.id },
    };
  }

  /** A later step of a multi-step form: merged into the row the first step created, for the same form only. */
  private async continueSubmission(
    repository: Repository<FormSubmissionEntity>,
    formName: string,
    id: string,
    values: Record<string, unknown>,
    metadata: Record<string, unknown>,
    requestId: string | undefined,
  ): Promise<FormSubmissionEntity> {
    // locked: two steps arriving together merge one after the other
    const existing = isSubmissionId(id)
      ? await repository.findOne({ where: { id, formName }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!existing) throw new NotFoundException({ message: SUBMISSION_NOT_FOUND_MESSAGE, errorType: 'submissionNotExist' });
    existing.data = { ...existing.data, ...values };
    existing.metadata = { ...existing.metadata, ...metadata };
    existing.stepCount += 1;
    existing.requestId = requestId ?? existing.requestId;
    return repository.save(existing);
  }
}
