/**
 * The one reading of a file field's `fileTypes`, shared by the file picker (browser) and the forms
 * service: entries may be MIME types ("image/jpeg"), wildcards ("image/*") or extensions ("jpg" or
 * ".jpg"). No yup here, so the UI kit can import it on its own (`@storefront/form-schema/file-types`).
 */

/** The part of a browser File (or an uploaded file's metadata on the server) the rules look at. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** One fileTypes entry in its canonical spelling: lower case, extensions with their dot; '' for "anything". */
export function normalizeFileType(raw: string): string {
  const entry = raw.trim().toLowerCase();
  if (entry === '' || entry === '*' || entry === '*/*') return '';
  if (entry.includes('/')) return entry;
  return entry.startsWith('.') ? entry : `.${entry}`;
}

/** fileTypes as an `<input accept>` value (undefined: anything goes). */
export function fileTypesAccept(fileTypes: readonly string[] | undefined): string | undefined {
  const entries = (fileTypes ?? []).map(normalizeFileType);
  if (entries.length === 0 || entries.includes('')) return undefined;
  return [...new Set(entries)].join(',');
}

/** Whether the file's MIME type or extension is among fileTypes (none listed: any file). */
export function isAcceptedFileType(file: Pick<FileLike, 'name' | 'type'>, fileTypes: readonly string[] | undefined): boolean {
  if (!fileTypes || fileTypes.length === 0) return true;
  const mime = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return fileTypes.some((raw) => {
    const accepted = normalizeFileType(raw);
    if (accepted === '') return true;
    if (accepted.endsWith('/*')) return mime.startsWith(accepted.slice(0, -1));
    if (accepted.includes('/')) return mime === accepted;
    return name.endsWith(accepted);
  });
}

/** The picker keeps at most maxFiles; the server says the same of a request with more. */
export function tooManyFilesMessage(maxFiles: number): string {
  return `At most ${maxFiles} files can be uploaded`;
}
