import { fileTypeFromBuffer } from 'file-type';

/** A file's type as its content shows it, never as its name or the browser says. */
export interface DetectedFileType {
  mime: string;
  /** without the dot: "jpg" */
  ext: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
// Control characters other than tab, line feed, form feed and carriage return do not occur in text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** Plain text has no magic number: valid UTF-8 without control characters counts as text/plain. */
function looksLikeText(buffer: Uint8Array): boolean {
  if (buffer.length === 0) return false;
  try {
    return !CONTROL_CHARACTERS.test(utf8.decode(buffer));
  } catch {
    return false;
  }
}

/**
 * The type by magic number (file-type), else text/plain for text; undefined when unknown, which no
 * fileTypes list accepts.
 */
export async function detectFileType(buffer: Uint8Array): Promise<DetectedFileType | undefined> {
  const detected = await fileTypeFromBuffer(buffer);
  if (detected) return { mime: detected.mime, ext: detected.ext };
  return looksLikeText(buffer) ? { mime: 'text/plain', ext: 'txt' } : undefined;
}
