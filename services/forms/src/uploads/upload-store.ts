import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where uploaded files live: FORMS_UPLOAD_DIR, else the repository's .data/uploads (found from this
 * file: services/forms/{src,dist}/uploads -> ../../../..). Never under a folder the gateway serves.
 */
export function uploadDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.FORMS_UPLOAD_DIR?.trim();
  if (fromEnv) return path.resolve(fromEnv);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', '..', '..', '.data', 'uploads');
}

const MAX_DISPLAY_NAME = 200;

/**
 * The shopper's file name, for display only (the export, staff e-mails): no folders, no control or
 * path characters, at most 200 characters with its extension kept. Files are never stored under it.
 */
export function displayFileName(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  if (cleaned === '') return 'file';
  if (cleaned.length <= MAX_DISPLAY_NAME) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_DISPLAY_NAME - extension.length) + extension;
}

/**
 * The folder under the upload folder where multipart files are streamed while a request is read: one
 * folder per request, removed with whatever is left in it when the request ends. On the same file
 * system as the stored uploads, so storing one is a rename.
 */
export const INCOMING_DIR = '.incoming';

/** Keeps uploads under generated names (a UUID + the extension of the type found in the content). */
export class UploadStore {
  constructor(readonly dir: string = uploadDir()) {}

  /** Creates the folders (at start-up), readable by the service's user only. */
  async init(): Promise<void> {
    await mkdir(this.incomingDir, { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700);
  }

  get incomingDir(): string {
    return path.join(this.dir, INCOMING_DIR);
  }

  /** A new folder for one request's incoming files. */
  async incomingFolder(): Promise<string> {
    await mkdir(this.incomingDir, { recursive: true, mode: 0o700 });
    return mkdtemp(path.join(this.incomingDir, 'request-'));
  }

  /** Removes a request's incoming folder and every file still in it (refused, or never stored); never throws. */
  async discardIncoming(folder: string): Promise<void> {
    if (path.dirname(folder) !== this.incomingDir) return;
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }

  pathOf(storedName: string): string {
    return path.join(this.dir, storedName);
  }

  /**
   * Stores a fully received incoming file under its generated name: a rename, so a file under its
   * final name is always complete and nothing is copied through memory.
   */
  async store(incomingPath: string, extension: string): Promise<string> {
    const storedName = `${randomUUID()}${extension ? `.${extension}` : ''}`;
    await chmod(incomingPath, 0o600);
    await rename(incomingPath, this.pathOf(storedName));
    return storedName;
  }

  /** Removes stored files (the submission that named them was not stored); never throws. */
  async remove(storedNames: readonly string[]): Promise<void> {
    await Promise.all(storedNames.map((name) => rm(this.pathOf(name), { force: true }).catch(() => undefined)));
  }
}
