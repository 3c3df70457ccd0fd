import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';

/** A file's type as its content shows it, never as its name or the browser says. */
export interface DetectedFileType {
  mime: string;
  /** without the dot: "jpg" */
  ext: string;
}

const TEXT_PLAIN: DetectedFileType = { mime: 'text/plain', ext: 'txt' };

// Control characters other than tab, line feed, form feed and carriage return do not occur in text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Plain text has no magic number: valid UTF-8 without control characters counts as text/plain. The
 * whole file is read, a chunk at a time, so nothing binary hides past its start.
 */
async function fileLooksLikeText(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let empty = true;
  try {
    for await (const chunk of createReadStream(filePath, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
      empty &&= chunk.length === 0;
      if (CONTROL_CHARACTERS.test(decoder.decode(chunk, { stream: true }))) return false;
    }
    decoder.decode();
  } catch {
    return false;
  }
  return !empty;
}

/**
 * The type by magic number (file-type, which reads only the first bytes it needs from the file), else
 * text/plain for text; undefined when unknown, which no fileTypes list accepts.
 */
export async function detectFileTypeOnDisk(filePath: string): Promise<DetectedFileType | undefined> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) return { mime: detected.mime, ext: detected.ext };
  return (await fileLooksLikeText(filePath)) ? TEXT_PLAIN : undefined;
}
