import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { integer, readEnvConfig, type HousekeepingTask } from '@storefront/service-kit';
import type { DataSource } from 'typeorm';
import type { UploadStore } from './upload-store.js';

/** The names UploadStore gives: a UUID and the detected extension; `.tmp-` in front while being written. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,16})?$/;
const TEMPORARY_PREFIX = '.tmp-';
/** UploadStore.incomingFolder's names (mkdtemp: the prefix and six random characters). */
const INCOMING_FOLDER = /^request-[A-Za-z0-9]{6}$/;
/** stored names looked up per query */
const BATCH = 1000;

/**
 * FORMS_UPLOAD_ABANDONED_MINUTES (default 60): how old an upload without a submission must be before
 * it is deleted. A submission writes its files and its rows within one transaction of a few
 * milliseconds, so an hour is far beyond any submission still under way.
 */
export function readAbandonedUploadMinutes(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ minutes: integer('FORMS_UPLOAD_ABANDONED_MINUTES', 60, 5, 10_080) }, env).minutes;
}

/**
 * Deletes the uploads no stored submission names, once they are older than the bound: `.tmp-*` files
 * a crash left mid-write, incoming folders of requests a crash interrupted, and files written for a submission whose transaction never committed (the
 * process died before it could remove them). A file a `form_submission_file` row names is never
 * touched, nor is anything in the folder that UploadStore did not name. Runs as a housekeeping task.
 */
export class AbandonedUploads {
  constructor(
    private readonly store: UploadStore,
    private readonly dataSource: DataSource,
    readonly minutes: number,
  ) {}

  task(): HousekeepingTask {
    return { name: 'abandoned-uploads', run: (signal) => this.prune(signal) };
  }

  /** Deletes the abandoned uploads older than the bound; returns how many went. */
  async prune(signal?: AbortSignal, now: number = Date.now()): Promise<number> {
    const cutoff = now - this.minutes * 60_000;
    const entries = await readdir(this.store.dir, { withFileTypes: true });
    const candidates: string[] = [];
    const stored: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      if (entry.name.startsWith(TEMPORARY_PREFIX) && STORED_NAME.test(entry.name.slice(TEMPORARY_PREFIX.length))) candidates.push(entry.name);
      else if (STORED_NAME.test(entry.name)) stored.push(entry.name);
    }
    for (let start = 0; start < stored.length; start += BATCH) {
      signal?.throwIfAborted();
      const batch = stored.slice(start, start + BATCH);
      const rows = (await this.dataSource.query(`SELECT stored_name FROM form_submission_file WHERE stored_name = ANY($1::text[])`, [batch])) as { stored_name: string }[];
      const named = new Set(rows.map((row) => row.stored_name));
      candidates.push(...batch.filter((name) => !named.has(name)));
    }
    let removed = await this.pruneIncoming(cutoff, signal);
    for (const name of candidates) {
      signal?.throwIfAborted();
      const file = this.store.pathOf(name);
      const modified = await stat(file).then((stats) => stats.mtimeMs, () => undefined);
      // gone meanwhile, or young enough to belong to a submission still being written
      if (modified === undefined || modified >= cutoff) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Requests' incoming folders a crash left behind (a request removes its own when it ends). */
  private async pruneIncoming(cutoff: number, signal?: AbortSignal): Promise<number> {
    const folders = await readdir(this.store.incomingDir, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const folder of folders) {
      signal?.throwIfAborted();
      if (!folder.isDirectory() || !INCOMING_FOLDER.test(folder.name)) continue;
      const modified = await stat(path.join(this.store.incomingDir, folder.name)).then((stats) => stats.mtimeMs, () => undefined);
      if (modified === undefined || modified >= cutoff) continue;
      await this.store.discardIncoming(path.join(this.store.incomingDir, folder.name));
      removed += 1;
    }
    return removed;
  }
}
