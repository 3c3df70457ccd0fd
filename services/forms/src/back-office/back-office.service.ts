import { constants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  allFormFields,
  isUuid,
  SUBMISSIONS_BACK_OFFICE_MESSAGES,
  SUBMISSIONS_PAGE,
  type FormField,
  type StoredSubmission,
  type SubmissionFile,
  type SubmissionFormsResponse,
  type SubmissionListQuery,
  type SubmissionListResponse,
} from '@storefront/contracts';
import { estimatorFields } from '@storefront/estimator-pricing';
import { ContentStore, isSafeContentName, unlessMissing } from '@storefront/site-config';
import { DataSource } from 'typeorm';
import { asFormField } from '../estimates/estimate-submission.js';
import { exportSubmissionsCsv, type Queryable } from '../export/submissions-export.js';
import { UploadStore } from '../uploads/upload-store.js';
import { downloadFileName } from './attachment.js';
import { fileOrder, shownFields } from './shown-fields.js';
import { CURSOR_TIME_FORMAT, decodeCursor, encodeCursor } from './submission-cursor.js';

/** What the back office shows of a form: its title and fields (none when content has no definition for it any more). */
interface FormShape {
  title: string;
  fields: FormField[];
}

interface SubmissionRow {
  id: string;
  form_name: string;
  data: Record<string, unknown>;
  created_at: Date;
  /** created_at to the microsecond, UTC (the cursor's time) */
  cursor_time: string;
}

interface FileRow {
  id: string;
  submission_id: string;
  field_name: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
}

/** A stored upload opened for download. */
export interface FileDownload {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

/** A stored name as UploadStore writes it (a uuid and the detected type's extension): nothing else is ever opened. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,10})?$/;
/** A detected MIME type as file-type names them; anything else is sent as bytes. */
const MIME_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/i;

/**
 * The back office's reads of the stored submissions (internal routes, called by orders for its
 * staff): which forms have submissions, a form's submissions a page at a time (keyset on the time
 * stored and the id, newest first, through `form_submission_page_idx`), one stored file, and the
 * export's CSV.
 */
@Injectable()
export class SubmissionsBackOffice {
  private readonly logger = new Logger('SubmissionsBackOffice');

  constructor(
    private readonly db: DataSource,
    private readonly content: ContentStore,
    private readonly uploads: UploadStore,
  ) {}

  /** Every form with stored submissions or a definition in content/forms/, by name. */
  async forms(): Promise<SubmissionFormsResponse> {
    const stored = (await this.db.query(
      `SELECT form_name, count(*)::integer AS submissions, max(created_at) AS last_submitted_at FROM form_submission GROUP BY form_name`,
    )) as { form_name: string; submissions: number; last_submitted_at: Date }[];
    const counts = new Map(stored.map((row) => [row.form_name, row]));
    const names = [...new Set([...counts.keys(), ...(await this.definedForms())])].sort();
    const shapes = await Promise.all(names.map((name) => this.shapeOf(name)));
    return {
      forms: names.map((name, index) => {
        const row = counts.get(name);
        return { name, title: shapes[index]!.title, submissions: row?.submissions ?? 0, lastSubmittedAt: row ? new Date(row.last_submitted_at).toISOString() : null };
      }),
    };
  }

  /** One page of submissions, newest first; `next` continues after its last one. */
  async list(query: SubmissionListQuery): Promise<SubmissionListResponse> {
    const limit = query.limit ?? SUBMISSIONS_PAGE.defaultLimit;
    const params: unknown[] = [];
    const where: string[] = [];
    if (query.form) {
      params.push(query.form);
      where.push(`s.form_name = $${params.length}`);
    }
    if (query.before !== undefined) {
      const cursor = decodeCursor(query.before);
      if (!cursor) throw new BadRequestException({ message: SUBMISSIONS_BACK_OFFICE_MESSAGES.cursorInvalid, errors: { before: SUBMISSIONS_BACK_OFFICE_MESSAGES.cursorInvalid } });
      params.push(cursor.submittedAt, cursor.id);
      where.push(`(s.created_at, s.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    // one more than the page: whether there is a next one, without a count
    const rows = (await this.db.query(
      `SELECT s.id, s.form_name, s.data, s.created_at, to_char(s.created_at AT TIME ZONE 'UTC', '${CURSOR_TIME_FORMAT}') AS cursor_time
         FROM form_submission s
        ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT $${params.length}`,
      params,
    )) as SubmissionRow[];
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const files = await this.filesOf(page.map((row) => row.id));
    const shapes = new Map<string, Promise<FormShape>>();
    const shapeOf = (name: string) => shapes.get(name) ?? shapes.set(name, this.shapeOf(name)).get(name)!;
    const submissions = await Promise.all(page.map(async (row) => this.shown(row, (await shapeOf(row.form_name)).fields, files.get(row.id) ?? [])));
    return { submissions, next: rows.length > limit && last ? encodeCursor({ submittedAt: last.cursor_time, id: last.id }) : null };
  }

  /** A stored upload of this submission, opened (404 for another submission's file, or one no longer stored). */
  async file(submissionId: string, fileId: string): Promise<FileDownload> {
    const notFound = () => new NotFoundException(SUBMISSIONS_BACK_OFFICE_MESSAGES.fileNotFound);
    if (!isUuid(submissionId) || !isUuid(fileId)) throw notFound();
    const [row] = (await this.db.query(`SELECT original_name, stored_name, mime_type FROM form_submission_file WHERE id = $1 AND submission_id = $2`, [fileId, submissionId])) as {
      original_name: string;
      stored_name: string;
      mime_type: string;
    }[];
    if (!row) throw notFound();
    if (!STORED_NAME.test(row.stored_name)) {
      this.logger.error(`Stored upload ${fileId} has a name UploadStore never writes; not opened`, { event: 'back-office.file-name-refused', fileId });
      throw notFound();
    }
    // the folder's own file, never a link out of it
    const handle = await open(this.uploads.pathOf(row.stored_name), constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) throw notFound();
    try {
      const { size } = await handle.stat();
      return {
        stream: handle.createReadStream(),
        fileName: downloadFileName(row.original_name, row.stored_name),
        contentType: MIME_TYPE.test(row.mime_type) ? row.mime_type : 'application/octet-stream',
        size,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** The export's CSV of one form (`npm run -s submissions -- export`), from `since` on when given. */
  async csv(form: string, since: string | undefined): Promise<string> {
    const db: Queryable = { query: async <R>(sql: string, params: unknown[]) => ({ rows: (await this.db.query(sql, params)) as R[] }) };
    const { csv } = await exportSubmissionsCsv(db, this.content, { form, ...(since !== undefined ? { since: new Date(since) } : {}) }, this.uploads.dir);
    return csv;
  }

  private shown(row: SubmissionRow, fields: readonly FormField[], files: FileRow[]): StoredSubmission {
    const order = fileOrder(row.data, fields);
    const position = (file: FileRow) => order.get(file.id) ?? Number.MAX_SAFE_INTEGER;
    const sorted = [...files].sort((a, b) => position(a) - position(b) || a.field_name.localeCompare(b.field_name) || a.original_name.localeCompare(b.original_name));
    return {
      id: row.id,
      form: row.form_name,
      submittedAt: new Date(row.created_at).toISOString(),
      fields: shownFields(fields, row.data),
      files: sorted.map((file): SubmissionFile => ({ id: file.id, field: file.field_name, fileName: file.original_name, contentType: file.mime_type, size: file.size_bytes })),
    };
  }

  private async filesOf(submissionIds: string[]): Promise<Map<string, FileRow[]>> {
    const bySubmission = new Map<string, FileRow[]>();
    if (submissionIds.length === 0) return bySubmission;
    const rows = (await this.db.query(
      `SELECT id, submission_id, field_name, original_name, mime_type, size_bytes FROM form_submission_file WHERE submission_id = ANY($1::uuid[])`,
      [submissionIds],
    )) as FileRow[];
    for (const row of rows) bySubmission.set(row.submission_id, [...(bySubmission.get(row.submission_id) ?? []), row]);
    return bySubmission;
  }

  /** The form names content/forms/ defines. */
  private async definedForms(): Promise<string[]> {
    const files = await readdir(path.join(this.content.rootDir, 'forms')).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return files.filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)).filter(isSafeContentName);
  }

  /**
   * A form's title and fields from content: its definition, else the estimator of that name, else
   * none (its stored answers are still shown, under their names). A definition that cannot be read is
   * logged and treated as none: the answers stay readable.
   */
  private async shapeOf(name: string): Promise<FormShape> {
    const read = async <T>(load: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await unlessMissing(load());
      } catch (error) {
        this.logger.warn(`The definition of form ${name} could not be read; its answers are shown under their names: ${(error as Error).message}`);
        return undefined;
      }
    };
    const definition = await read(() => this.content.loadFormDefinition(name));
    if (definition) return { title: definition.title?.trim() || name, fields: allFormFields(definition) };
    const bundle = await read(() => this.content.loadEstimatorBundle(name));
    if (bundle) return { title: bundle.template.title?.trim() || name, fields: estimatorFields(bundle.template).map(asFormField) };
    return { title: name, fields: [] };
  }
}
