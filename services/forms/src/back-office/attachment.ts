import path from 'node:path';

/**
 * How a stored upload is handed to staff: under the shopper's (already cleaned) name, its extension
 * made the one of the type found in the content, so a file sent as `invoice.pdf.html` but found to be a
 * PDF is saved as `invoice.pdf.pdf`, never as a page a browser would open; always as an attachment.
 */
export function downloadFileName(displayName: string, storedName: string): string {
  const storedExtension = path.extname(storedName).toLowerCase();
  const name = displayName.trim() || 'file';
  if (!storedExtension) return name;
  return path.extname(name).toLowerCase() === storedExtension ? name : `${name}${storedExtension}`;
}

/** RFC 5987's attr-char: what may stand unescaped in `filename*`. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): `filename` in plain ASCII for old
 * clients (anything else, quotes, backslashes and control characters as `_`), and `filename*` in
 * UTF-8 with every other character percent-encoded, which every current browser reads.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
