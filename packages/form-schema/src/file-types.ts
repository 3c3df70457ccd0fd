/**
 * The one reading of a file field's `fileTypes`, shared by the file picker (browser) and the forms
 * service: entries may be MIME types ("image/jpeg"), wildcards ("image/*") or extensions ("jpg" or
 * ".jpg"), as an <input accept> does. No yup here, so the UI kit can import it on its own
 * (`@storefront/form-schema/file-types`).
 */

/** The part of a browser File (or an uploaded file's metadata on the server) the rules look at. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export interface NormalizedFileTypes {
  /** lower-case MIME types, including those the listed extensions stand for */
  mimeTypes: string[];
  /** "image/" for "image/*" */
  mimePrefixes: string[];
  /** lower-case with the dot: ".jpg" */
  extensions: string[];
  /** the list said "*" (a content author's explicit choice): anything goes */
  any: boolean;
}

/**
 * What a file field without `fileTypes` takes: photos (what shoppers send: kitchens, damage,
 * receipts; HEIC is what phones take), PDF and the Office Open XML documents, spreadsheets and slides
 * (plans, quotes, dealer paperwork). Left out on purpose: SVG and HTML (they run script when staff
 * open them in a browser), archives (they hide anything and defeat type checks), executables,
 * macro-capable legacy Office files (.doc/.xls are only "some OLE file" by content, so they cannot be
 * told from other OLE payloads) and video (size). A field that needs more lists its own.
 */
export const DEFAULT_FILE_TYPES: readonly string[] = Object.freeze(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.heic', '.heif', '.pdf', '.docx', '.xlsx', '.pptx']);

/**
 * The MIME types of common upload extensions, so "jpg" also accepts a file sent as image/jpeg and a
 * server that knows a file's type from its content (not its name) can check it against extensions.
 */
const EXTENSION_MIME_TYPES: Readonly<Record<string, readonly string[]>> = {
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.jpe': ['image/jpeg'],
  '.png': ['image/png'],
  '.gif': ['image/gif'],
  '.webp': ['image/webp'],
  '.avif': ['image/avif'],
  '.heic': ['image/heic'],
  '.heif': ['image/heif'],
  '.bmp': ['image/bmp'],
  '.tif': ['image/tiff'],
  '.tiff': ['image/tiff'],
  '.svg': ['image/svg+xml'],
  '.pdf': ['application/pdf'],
  '.doc': ['application/msword', 'application/x-cfb'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  '.xls': ['application/vnd.ms-excel', 'application/x-cfb'],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  '.pptx': ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  '.txt': ['text/plain'],
  '.csv': ['text/csv'],
  '.zip': ['application/zip'],
  '.mp4': ['video/mp4'],
  '.mov': ['video/quicktime'],
};

export function normalizeFileTypes(fileTypes: readonly string[] | undefined): NormalizedFileTypes {
  const result: NormalizedFileTypes = { mimeTypes: [], mimePrefixes: [], extensions: [], any: false };
  const listed = (fileTypes ?? []).map((raw) => raw.trim().toLowerCase()).filter((entry) => entry !== '');
  const entries = listed.length > 0 ? listed : DEFAULT_FILE_TYPES;
  for (const entry of entries) {
    if (entry === '*' || entry === '*/*') result.any = true;
    else if (entry.endsWith('/*')) result.mimePrefixes.push(entry.slice(0, -1));
    else if (entry.includes('/')) result.mimeTypes.push(entry);
    else {
      const extension = entry.startsWith('.') ? entry : `.${entry}`;
      result.extensions.push(extension);
      result.mimeTypes.push(...(EXTENSION_MIME_TYPES[extension] ?? []));
    }
  }
  return { ...result, mimeTypes: [...new Set(result.mimeTypes)], extensions: [...new Set(result.extensions)] };
}

/** The MIME type without parameters ("text/plain; charset=utf-8" -> "text/plain"). */
function bareMimeType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

/**
 * Whether a file of this name and type may be chosen/uploaded. The server passes the type it found in
 * the file's content and a name ending in that type's extension, so a renamed file cannot pass.
 */
export function fileTypeAllowed(file: { name: string; type: string }, fileTypes: readonly string[] | NormalizedFileTypes | undefined): boolean {
  const accepted = Array.isArray(fileTypes) || fileTypes === undefined ? normalizeFileTypes(fileTypes as readonly string[] | undefined) : (fileTypes as NormalizedFileTypes);
  if (accepted.any) return true;
  const mime = bareMimeType(file.type);
  const name = file.name.toLowerCase();
  if (mime !== '' && accepted.mimeTypes.includes(mime)) return true;
  if (mime !== '' && accepted.mimePrefixes.some((prefix) => mime.startsWith(prefix))) return true;
  return accepted.extensions.some((extension) => name.endsWith(extension));
}

/** One fileTypes entry in its canonical spelling: lower case, extensions with their dot; '' for "anything". */
export function normalizeFileType(raw: string): string {
  const entry = raw.trim().toLowerCase();
  if (entry === '' || entry === '*' || entry === '*/*') return '';
  if (entry.includes('/')) return entry;
  return entry.startsWith('.') ? entry : `.${entry}`;
}

/** fileTypes (none listed: DEFAULT_FILE_TYPES) as an `<input accept>` value (undefined: "*", anything goes). */
export function fileTypesAccept(fileTypes: readonly string[] | undefined): string | undefined {
  const listed = (fileTypes ?? []).filter((raw) => raw.trim() !== '');
  const entries = (listed.length > 0 ? listed : DEFAULT_FILE_TYPES).map(normalizeFileType);
  if (entries.includes('')) return undefined;
  return [...new Set(entries)].join(',');
}

/** Whether the file's MIME type or extension is among fileTypes (none listed: DEFAULT_FILE_TYPES); the picker's check. */
export function isAcceptedFileType(file: Pick<FileLike, 'name' | 'type'>, fileTypes: readonly string[] | undefined): boolean {
  return fileTypeAllowed(file, fileTypes);
}

/** The picker keeps at most maxFiles; the server says the same of a request with more. */
export function tooManyFilesMessage(maxFiles: number): string {
  return `At most ${maxFiles} files can be uploaded`;
}
