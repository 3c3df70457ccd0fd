import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FormField } from '@storefront/contracts';
import { fieldTypeOf, type FileLike } from '@storefront/form-schema';
import { detectFileTypeOnDisk, type DetectedFileType } from './detect-file-type.js';
import { displayFileName } from './upload-store.js';

/** A file part as multer hands it over: streamed to a temporary file of the request's own folder. */
export interface ReceivedFile {
  fieldName: string;
  originalName: string;
  /** the temporary file (removed with its folder when the request ends, unless stored) */
  path: string;
  size: number;
}

/** A received file with what the server found out about it. */
export interface InspectedUpload extends ReceivedFile {
  /** by content; undefined when unknown (no fileTypes list accepts it) */
  detected: DetectedFileType | undefined;
  sha256: string;
  /** the original name, cleaned, for display only */
  displayName: string;
}

/** What a stored submission keeps for each file of a file field. */
export interface StoredFileRef {
  fileId: string;
  name: string;
  size: number;
  type: string;
}

async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** Names each received file by its content and hashes it, reading it from disk (one file at a time). */
export async function inspectUploads(files: readonly ReceivedFile[]): Promise<InspectedUpload[]> {
  const inspected: InspectedUpload[] = [];
  for (const file of files) {
    inspected.push({
      ...file,
      detected: await detectFileTypeOnDisk(file.path),
      sha256: await sha256OfFile(file.path),
      displayName: displayFileName(file.originalName),
    });
  }
  return inspected;
}

/**
 * The file as the form rules see it: the type found in its content and a name ending in that type's
 * extension, so neither the browser's Content-Type nor a renamed file decides "Unsupported file format".
 */
export function asCheckedFile(upload: InspectedUpload): FileLike {
  return { name: upload.detected ? `upload.${upload.detected.ext}` : 'upload', size: upload.size, type: upload.detected?.mime ?? '' };
}

/**
 * formData with each of `fields`' file fields set to the files actually received for it. Whatever the
 * body said about a file field is dropped: a JSON body cannot claim files it did not send.
 */
export function withReceivedFiles(formData: unknown, fields: readonly FormField[], uploads: readonly InspectedUpload[]): unknown {
  if (typeof formData !== 'object' || formData === null || Array.isArray(formData)) return formData;
  const result: Record<string, unknown> = { ...(formData as Record<string, unknown>) };
  for (const field of fields) {
    if (!fieldTypeOf(field).file) continue;
    const files = uploads.filter((upload) => upload.fieldName === field.name).map(asCheckedFile);
    if (files.length > 0) result[field.name] = files;
    else delete result[field.name];
  }
  return result;
}

/**
 * The uploads to keep after the form rules passed: those of file fields the rules kept (a hidden
 * field's files are dropped with its value; files for fields of another step or no field at all too).
 */
export function acceptedUploads(uploads: readonly InspectedUpload[], fields: readonly FormField[], values: Record<string, unknown>): InspectedUpload[] {
  const kept = new Set(fields.filter((field) => fieldTypeOf(field).file && Object.hasOwn(values, field.name)).map((field) => field.name));
  return uploads.filter((upload) => kept.has(upload.fieldName));
}
