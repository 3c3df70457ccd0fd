import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  formRoutes,
  jobRoutes,
  submissionFormsResponseSchema,
  submissionListResponseSchema,
  type SubmissionFileParams,
  type SubmissionFormsResponse,
  type SubmissionListQuery,
  type SubmissionListResponse,
  type SubmissionsCsvQuery,
} from '@storefront/contracts';
import { InternalService, pathOf } from '../upstream/internal-service.js';
import { RemoteDeadLetters } from '../upstream/remote-dead-letters.js';

/** A read of lists waits this long for the forms service (a page of 200 is milliseconds of its work). */
const TIMEOUT_MS = 10_000;
/** A download may take longer than its first byte: the whole transfer is bounded as a client's request is (HTTP_REQUEST_TIMEOUT_MS). */
const TRANSFER_TIMEOUT_MS = 120_000;

/**
 * The forms service's internal API as the back office uses it (leads): the forms with submissions,
 * the submissions a page at a time, a stored file and the CSV (both answered unread, to be streamed
 * on), and its job runner's dead letters. Signed as `orders`, bounded, one breaker (InternalService).
 */
@Injectable()
export class FormsClient implements OnModuleDestroy {
  private readonly forms = new InternalService({ service: 'forms', timeoutMs: TIMEOUT_MS });

  /** The forms job runner's dead letters (GET /internal/jobs/dead-letters on forms), and their retry. */
  readonly deadLetters = new RemoteDeadLetters(this.forms, { list: jobRoutes.formsDeadLetters, retry: jobRoutes.formsRetryDeadLetter });

  onModuleDestroy(): void {
    this.forms.shutdown();
  }

  submissionForms(): Promise<SubmissionFormsResponse> {
    return this.forms.json('GET', formRoutes.submissionForms.path, { response: submissionFormsResponseSchema });
  }

  submissions({ form, limit, before }: SubmissionListQuery): Promise<SubmissionListResponse> {
    return this.forms.json('GET', pathOf(formRoutes.submissions.path, {}, { form, limit, before }), { response: submissionListResponseSchema });
  }

  /** The stored file's answer, its bytes unread (a ServiceRefusal 404 for a file that is not the submission's, or gone). */
  submissionFile({ submissionId, fileId }: SubmissionFileParams): Promise<Response> {
    return this.forms.send('GET', pathOf(formRoutes.submissionFile.path, { submissionId, fileId }), { accept: '*/*', transferTimeoutMs: TRANSFER_TIMEOUT_MS });
  }

  /** The form's CSV answer, unread. */
  submissionsCsv({ form, since }: SubmissionsCsvQuery): Promise<Response> {
    return this.forms.send('GET', pathOf(formRoutes.submissionsCsv.path, {}, { form, since }), { accept: 'text/csv', transferTimeoutMs: TRANSFER_TIMEOUT_MS });
  }
}
