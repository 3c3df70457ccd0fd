import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
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

/** Writes uploads under generated names (a UUID + the extension of the type found in the content). */
export class UploadStore {
  constructor(readonly dir: string = uploadDir()) {}

  /** Creates the folder (at start-up), readable by the service's user only. */
  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  pathOf(storedName: string): string {
    return path.join(this.dir, storedName);
  }

  /**
   * Writes to a temporary name, then renames: a file under its final name is always complete, and a
   * crash leaves only `.tmp-*` files behind.
   */
  async save(content: Uint8Array, extension: string): Promise<string> {
    const storedName = `${randomUUID()}${extension ? `.${extension}` : ''}`;
    const temporary = this.pathOf(`.tmp-${storedName}`);
    try {
      await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
      await rename(temporary, this.pathOf(storedName));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return storedName;
  }

  /** Removes stored files (the submission that named them was not stored); never throws. */
  async remove(storedNames: readonly string[]): Promise<void> {
    await Promise.all(storedNames.map((name) => rm(this.pathOf(name), { force: true }).catch(() => undefined)));
  }
}
