import { rm } from 'node:fs/promises';
import { integer, readEnvConfig, type HousekeepingTask } from '@storefront/service-kit';
import type { DataSource } from 'typeorm';
import type { UploadStore } from './upload-store.js';

/**
 * How long stored uploads are kept: 180 days. The files (photos of a room, a receipt, a floor plan)
 * serve the estimate, claim or quote the submission asked for; staff get them by e-mail or export
 * within days, and half a year covers the follow-ups, returns and disputes that come back to them,
 * while shoppers' files are not kept for good (personal data is kept no longer than needed).
 */
export const DEFAULT_UPLOAD_RETENTION_DAYS = 180;
/** files removed per transaction */
const BATCH = 500;

/** UPLOAD_RETENTION_DAYS (default 180, 1 to 3650): how old a stored upload is when housekeeping deletes it. */
export function readUploadRetentionDays(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ days: integer('UPLOAD_RETENTION_DAYS', DEFAULT_UPLOAD_RETENTION_DAYS, 1, 3650) }, env).days;
}

/**
 * Deletes the stored uploads older than the retention (a housekeeping task): per batch, one
 * transaction removes the files' rows and notes on each submission when and how many of its files
 * went (files_removed_at, files_removed_count); the files on disk go once it commits. A crash in
 * between leaves files no row names, which AbandonedUploads deletes: no row ever names a deleted file
 * while its submission says nothing.
 */
export class UploadRetention {
  constructor(
    private readonly store: UploadStore,
    private readonly dataSource: DataSource,
    readonly days: number,
  ) {}

  task(): HousekeepingTask {
    return { name: 'upload-retention', run: (signal) => this.prune(signal) };
  }

  /** Deletes the uploads older than the retention; returns how many files went. */
  async prune(signal?: AbortSignal): Promise<number> {
    let removed = 0;
    for (;;) {
      signal?.throwIfAborted();
      const names = await this.dataSource.transaction(async (manager) => {
        const [rows] = (await manager.query(
          `DELETE FROM form_submission_file
            WHERE id IN (SELECT id FROM form_submission_file WHERE created_at < now() - $1::integer * interval '1 day' ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
            RETURNING submission_id, stored_name`,
          [this.days, BATCH],
        )) as [{ submission_id: string; stored_name: string }[], number];
        const perSubmission = new Map<string, number>();
        for (const row of rows) perSubmission.set(row.submission_id, (perSubmission.get(row.submission_id) ?? 0) + 1);
        if (perSubmission.size > 0) {
          await manager.query(
            `UPDATE form_submission AS s SET files_removed_at = now(), files_removed_count = s.files_removed_count + r.removed
               FROM unnest($1::uuid[], $2::integer[]) AS r(id, removed) WHERE s.id = r.id`,
            [[...perSubmission.keys()], [...perSubmission.values()]],
          );
        }
        return rows.map((row) => row.stored_name);
      });
      for (const name of names) await rm(this.store.pathOf(name), { force: true });
      removed += names.length;
      if (names.length < BATCH) return removed;
    }
  }
}
