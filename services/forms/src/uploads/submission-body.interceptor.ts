import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { FORM_MESSAGES, type FormField } from '@storefront/contracts';
import { BYTES_PER_MB } from '@storefront/form-schema';
import { bodyParserErrorBody } from '@storefront/service-kit';
import express, { type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { catchError, mergeMap, type Observable } from 'rxjs';
import { SubmissionTargets } from '../submissions/submission-target.js';
import { envelopeFromEncodedBody } from './encoded-body.js';
import type { ReceivedFile } from './received-files.js';
import { fileFieldsOf, maxFileBytes, MAX_TEXT_PART_BYTES, uploadLimitsFor } from './upload-limits.js';
import { UploadStore } from './upload-store.js';

export const UNSUPPORTED_BODY_MESSAGE =
  'Send the form as JSON (application/json), multipart/form-data or application/x-www-form-urlencoded.';
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart/form-data body is malformed';
export const TOO_MANY_FILES_MESSAGE = (max: number) => `Too many files: this form takes at most ${max} in one submission.`;
export const BODY_PART_TOO_LARGE_MESSAGE = 'Request body is too large: too many or too long form fields.';

const received = new WeakMap<Request, ReceivedFile[]>();

/** The files a multipart request carried (none for JSON and urlencoded bodies). */
export function receivedFilesOf(req: Request): ReceivedFile[] {
  return received.get(req) ?? [];
}

const urlencoded = express.urlencoded({ extended: true, limit: MAX_TEXT_PART_BYTES, parameterLimit: 1000 });

function run(middleware: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
}

interface MulterLikeError extends Error {
  code?: string;
  field?: string;
}

/** multer's and busboy's errors as answers: over a hard cap 413, anything else malformed 400, never 500. */
export function multipartError(error: unknown, fileFields: readonly FormField[], maxFiles: number): HttpException {
  if (error instanceof HttpException) return error;
  const failure = error as MulterLikeError;
  switch (failure?.code) {
    case 'LIMIT_FILE_SIZE': {
      const field = fileFields.find((candidate) => candidate.name === failure.field);
      // the field's own limit when the file named one, else the largest any field takes
      const limitBytes = field ? maxFileBytes(field) : Math.max(0, ...fileFields.map(maxFileBytes));
      const message = FORM_MESSAGES.fileTooLarge(limitBytes / BYTES_PER_MB);
      return new PayloadTooLargeException({ message, ...(failure.field ? { errors: { [failure.field]: message } } : {}) });
    }
    case 'LIMIT_FILE_COUNT':
      return new PayloadTooLargeException(TOO_MANY_FILES_MESSAGE(maxFiles));
    case 'LIMIT_FIELD_VALUE':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_KEY':
      return new PayloadTooLargeException(BODY_PART_TOO_LARGE_MESSAGE);
    default: {
      const detail = typeof failure?.message === 'string' && failure.message !== '' ? `: ${failure.message}` : '';
      return new BadRequestException(`${MALFORMED_MULTIPART_MESSAGE}${detail}`);
    }
  }
}

/**
 * Reads multipart and urlencoded bodies of POST /api/forms/{name} into the JSON envelope (JSON is
 * parsed earlier, by the service's body parser). Runs after the rate limit guard, so a flood is
 * refused before its files are read, and after the form is known, so an unknown form is a 404 and
 * the upload caps are the form's own. Files are streamed to a folder of the request's own under
 * FORMS_UPLOAD_DIR, never held whole in memory (a file over the cap is cut off while it streams);
 * files for fields that are not file fields of the form are not written at all. When the request
 * ends, however it ends, the folder goes with every file the submission did not store.
 */
@Injectable()
export class SubmissionBodyInterceptor implements NestInterceptor {
  constructor(
    private readonly targets: SubmissionTargets,
    private readonly uploads: UploadStore,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const kind = req.is(['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded']);
    if (!kind) throw new UnsupportedMediaTypeException(UNSUPPORTED_BODY_MESSAGE);
    if (kind === 'application/json') return next.handle();

    const target = await this.targets.resolve(String(req.params.formName));
    let incoming: string | undefined;
    if (kind === 'multipart/form-data') {
      const definition = target.kind === 'form' ? target.definition : { fields: [] };
      const fileFields = fileFieldsOf(definition);
      const fileFieldNames = new Set(fileFields.map((field) => field.name));
      const limits = uploadLimitsFor(definition);
      const folder = await this.uploads.incomingFolder();
      incoming = folder;
      const upload = multer({
        storage: multer.diskStorage({ destination: folder, filename: (_req, _file, name) => name(null, randomUUID()) }),
        limits: { ...limits, fieldNestingDepth: 5, fieldArrayIndexLimit: 100 },
        // Browsers send a file's name as UTF-8 bytes (the form's encoding); busboy's default, latin1,
        // turned "Küche.png" into "KÃ¼che.png" in the stored name staff see.
        defParamCharset: 'utf8',
        // A file for anything but a file field of this form is skipped unread, as unknown fields are dropped.
        fileFilter: (_req, file, accept) => accept(null, fileFieldNames.has(file.fieldname)),
      });
      try {
        await run(upload.any(), req, res);
      } catch (error) {
        await this.uploads.discardIncoming(folder);
        throw multipartError(error, fileFields, limits.files);
      }
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      received.set(
        req,
        files.map((file) => ({ fieldName: file.fieldname, originalName: file.originalname, path: file.path, size: file.size })),
      );
    } else {
      try {
        await run(urlencoded, req, res);
      } catch (error) {
        const body = bodyParserErrorBody(error);
        if (!body) throw error;
        throw new HttpException(body.message, body.statusCode);
      }
    }
    const discard = async () => (incoming ? this.uploads.discardIncoming(incoming) : undefined);
    try {
      req.body = envelopeFromEncodedBody(req.body);
    } catch (error) {
      await discard();
      throw error;
    }
    // before the answer goes out, refused or stored (stored files were moved out of the folder already)
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await discard();
        return answer;
      }),
      catchError(async (error: unknown) => {
        await discard();
        throw error;
      }),
    );
  }
}
