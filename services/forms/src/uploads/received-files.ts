import { createHash } from 'node:crypto';
import type { FormField } from '@storefront/contracts';
import type { FileLike } from '@storefront/form-schema';
import { detectFileType, type DetectedFileType } from './detect-file-type.js';
import { displayFileName } from './upload-store.js';

/** A file part as multer hands it over (memory storage). */
export interface ReceivedFile {
  fieldName: string;
  originalName: string;
  content: Buffer;
}

/** A received file with what the server found out about it. */
export interface InspectedUpload extends ReceivedFile {
  size: number;
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

export async function inspectUploads(files: readonly ReceivedFile[]): Promise<InspectedUpload[]> {
  return Promise.all(
    files.map(async (file) => ({
      ...file,
      size: file.content.length,
      detected: await detectFileType(file.content),
      sha256: createHash('sha256').update(file.content).digest('hex'),
      displayName: displayFileName(file.originalName),
    })),
  );
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
    if (field.type !== 'file') continue;
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
  const kept = new Set(fields.filter((field) => field.type === 'file' && Object.hasOwn(values, field.name)).map((field) => field.name));
  return uploads.filter((upload) => kept.has(upload.fieldName));
}
