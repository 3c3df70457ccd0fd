/**
 * A field's `fileTypes` may list MIME types ("image/jpeg"), wildcards ("image/*") or extensions
 * ("jpg", ".jpg"), as an <input accept> does. This is the one place they are read, for the browser's
 * picker and the server's check alike.
 */
export interface NormalizedFileTypes {
  /** lower-case MIME types, including those the listed extensions stand for */
  mimeTypes: string[];
  /** "image/" for "image/*" */
  mimePrefixes: string[];
  /** lower-case with the dot: ".jpg" */
  extensions: string[];
  /** the list was empty or said "*": anything goes */
  any: boolean;
}

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
  '.txt': ['text/plain'],
  '.csv': ['text/csv'],
  '.zip': ['application/zip'],
  '.mp4': ['video/mp4'],
  '.mov': ['video/quicktime'],
};

export function normalizeFileTypes(fileTypes: readonly string[] | undefined): NormalizedFileTypes {
  const result: NormalizedFileTypes = { mimeTypes: [], mimePrefixes: [], extensions: [], any: false };
  const entries = (fileTypes ?? []).map((raw) => raw.trim().toLowerCase()).filter((entry) => entry !== '');
  if (entries.length === 0) return { ...result, any: true };
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
