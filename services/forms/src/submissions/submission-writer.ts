import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FormSubmitResponse, StoredEstimate } from '@storefront/contracts';
import { IdempotentWrite, parseIdempotencyKey, requestFingerprint } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { FormSubmissionFileEntity } from '../uploads/form-submission-file.entity.js';
import type { InspectedUpload, StoredFileRef } from '../uploads/received-files.js';
import { UploadStore } from '../uploads/upload-store.js';
import { FormSubmissionEntity } from './form-submission.entity.js';
import { continuationTokenMatches, hashContinuationToken, newContinuationToken } from './continuation-token.js';
import { CONTINUATION_TOKEN_REQUIRED_MESSAGE, SUBMISSION_NOT_FOUND_MESSAGE, isSubmissionId } from './submission-request.js';

const IDEMPOTENCY_SCOPE = 'form.submit';

/** An answer and whether it repeats an earlier one (same Idempotency-Key). */
export interface WriteAnswer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** Everything one validated submission stores. */
export interface SubmissionWrite {
  formName: string;
  /** a later step of a multi-step form: the row its first step created, and the secret that step returned */
  continueId?: string;
  continuationToken?: string;
  /**
   * The multi-step form goes on after this request: a first step gets a continuation token (returned
   * once, its hash stored); a later step keeps the stored one. False: the submission is complete and
   * can no longer be continued.
   */
  continues?: boolean;
  /** validated values, passwords already hashed; file fields are filled in from `uploads` */
  values: Record<string, unknown>;
  metadata: Record<string, unknown>;
  /** files that passed the form rules, to store with the submission */
  uploads: readonly InspectedUpload[];
  estimate?: StoredEstimate;
  requestId?: string;
  /** the Idempotency-Key header and the request it guards */
  idempotency?: IdempotencyRequest;
  /** the answer for the stored submission's id */
  answer(id: string): FormSubmitResponse;
  /**
   * Runs inside the transaction once the submission and its files are written (not for a replay):
   * the place to queue its notifications, so they exist exactly when the submission does.
   */
  onStored?(manager: EntityManager, submissionId: string): Promise<void>;
}

export interface IdempotencyRequest {
  key: string;
  /** what makes a repeat "the same request": see submissionFingerprint */
  fingerprint: string;
}

/**
 * The Idempotency-Key header (400 when malformed, undefined when absent) and the request's
 * fingerprint: form, envelope and each file's field, name and content hash. The key is mixed in, so a
 * fingerprint of a body holding a password cannot be used to guess it.
 */
export function idempotencyRequest(header: string | string[] | undefined, formName: string, body: unknown, uploads: readonly InspectedUpload[]): IdempotencyRequest | undefined {
  const key = parseIdempotencyKey(header);
  if (key === undefined) return undefined;
  const files = uploads.map((upload) => ({ field: upload.fieldName, name: upload.originalName, sha256: upload.sha256 }));
  return { key, fingerprint: requestFingerprint(IDEMPOTENCY_SCOPE, { formName, body, files }, key) };
}

/**
 * Stores a submission, its files and (with an Idempotency-Key) its answer in ONE transaction: the key
 * is claimed first (service-kit's IdempotentWrite: a concurrent duplicate waits on it and then replays
 * the answer), files are written to disk inside the transaction and removed again if it fails, so
 * there is never a row without its files nor (beyond a crash) a file without its row.
 */
@Injectable()
export class SubmissionWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly uploads: UploadStore,
  ) {}

  async write(request: SubmissionWrite): Promise<WriteAnswer<FormSubmitResponse>> {
    const guard = request.idempotency
      ? new IdempotentWrite(request.idempotency.key, IDEMPOTENCY_SCOPE, request.idempotency.fingerprint)
      : undefined;
    const written: string[] = [];
    try {
      return await this.dataSource.transaction(async (manager) => {
        const earlier = await guard?.claim<FormSubmitResponse>(manager);
        if (earlier) {
          // the token of a repeated first step was sealed with the Idempotency-Key (never stored readable)
          const body = earlier.secret ? withContinuationToken(earlier.body, earlier.secret) : earlier.body;
          return { status: earlier.status, body, replayed: true };
        }

        const existing = request.continueId ? await this.lockForNextStep(manager, request.formName, request.continueId, request.continuationToken) : undefined;
        // a first step that goes on gets its secret
        const token = !existing && request.continues ? newContinuationToken() : undefined;
        const submissionId = existing?.id ?? randomUUID();
        const files = await this.storeFiles(request.uploads, submissionId, written);
        const values = { ...request.values, ...fileRefsByField(files) };

        if (existing) {
          existing.data = { ...existing.data, ...values };
          existing.metadata = { ...existing.metadata, ...request.metadata };
          existing.stepCount += 1;
          existing.requestId = request.requestId ?? existing.requestId;
          if (request.estimate) existing.estimate = request.estimate;
          if (!request.continues) existing.continuationTokenHash = null;
          await manager.save(existing);
        } else {
          await manager.save(
            Object.assign(new FormSubmissionEntity(), {
              id: submissionId,
              formName: request.formName,
              data: values,
              metadata: request.metadata,
              estimate: request.estimate ?? null,
              requestId: request.requestId ?? null,
              continuationTokenHash: token ? hashContinuationToken(token) : null,
            }),
          );
        }
        if (files.length > 0) await manager.insert(FormSubmissionFileEntity, files);
        await request.onStored?.(manager, submissionId);

        const answer = { status: 201, body: request.answer(submissionId) };
        await guard?.complete(manager, { ...answer, ...(token ? { secret: token } : {}) });
        return { ...answer, body: token ? withContinuationToken(answer.body, token) : answer.body, replayed: false };
      });
    } catch (error) {
      await this.uploads.remove(written);
      throw error;
    }
  }

  /**
   * The first step's row, locked so two later steps of the same submission never lose each other's
   * values. The id alone is refused (400); an unknown id, a wrong token and a submission that can no
   * longer be continued get the same 404, so the answer tells nothing about which ids exist.
   */
  private async lockForNextStep(manager: EntityManager, formName: string, id: string, token: string | undefined): Promise<FormSubmissionEntity> {
    if (!token) throw new BadRequestException({ message: CONTINUATION_TOKEN_REQUIRED_MESSAGE, errorType: 'continuationTokenRequired' });
    const existing = isSubmissionId(id)
      ? await manager.findOne(FormSubmissionEntity, { where: { id, formName }, lock: { mode: 'pessimistic_write' } })
      : null;
    const matches = continuationTokenMatches(token, existing?.continuationTokenHash ?? null);
    if (!existing || !matches) throw new NotFoundException({ message: SUBMISSION_NOT_FOUND_MESSAGE, errorType: 'submissionNotExist' });
    return existing;
  }

  private async storeFiles(uploads: readonly InspectedUpload[], submissionId: string, written: string[]): Promise<FormSubmissionFileEntity[]> {
    const rows: FormSubmissionFileEntity[] = [];
    for (const upload of uploads) {
      // Only files whose type was recognised pass the form rules; the extension is the detected one.
      const storedName = await this.uploads.store(upload.path, upload.detected?.ext ?? '');
      written.push(storedName);
      rows.push(
        Object.assign(new FormSubmissionFileEntity(), {
          id: randomUUID(),
          submissionId,
          fieldName: upload.fieldName,
          originalName: upload.displayName,
          storedName,
          mimeType: upload.detected?.mime ?? 'application/octet-stream',
          sizeBytes: upload.size,
          sha256: upload.sha256,
        }),
      );
    }
    return rows;
  }
}

function withContinuationToken(body: FormSubmitResponse, continuationToken: string): FormSubmitResponse {
  return body.data ? { ...body, data: { ...body.data, continuationToken } } : body;
}

/** Each file field's value in the stored data: `{ fileId, name, size, type }` per file. */
function fileRefsByField(files: readonly FormSubmissionFileEntity[]): Record<string, StoredFileRef[]> {
  const byField: Record<string, StoredFileRef[]> = {};
  for (const file of files) {
    (byField[file.fieldName] ??= []).push({ fileId: file.id, name: file.originalName, size: file.sizeBytes, type: file.mimeType });
  }
  return byField;
}
