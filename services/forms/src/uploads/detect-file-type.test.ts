import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { detectFileTypeOnDisk } from './detect-file-type.js';
import { TINY_JPEG, TINY_PDF, TINY_PNG } from '@storefront/service-kit';

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'forms-detect-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The content as an upload on disk (no extension: only the content may tell). */
async function onDisk(content: Uint8Array): Promise<string> {
  const file = path.join(dir, `upload-${++n}`);
  await writeFile(file, content);
  return file;
}

describe('detectFileTypeOnDisk', () => {
  it('names images and PDFs by their content', async () => {
    await expect(detectFileTypeOnDisk(await onDisk(TINY_PNG))).resolves.toEqual({ mime: 'image/png', ext: 'png' });
    await expect(detectFileTypeOnDisk(await onDisk(TINY_JPEG))).resolves.toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    await expect(detectFileTypeOnDisk(await onDisk(TINY_PDF))).resolves.toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('calls UTF-8 text text/plain and anything else unknown', async () => {
    await expect(detectFileTypeOnDisk(await onDisk(Buffer.from('Order HW-1002, two boxes dented.\r\n')))).resolves.toEqual({ mime: 'text/plain', ext: 'txt' });
    await expect(detectFileTypeOnDisk(await onDisk(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe])))).resolves.toBeUndefined();
    await expect(detectFileTypeOnDisk(await onDisk(Buffer.alloc(0)))).resolves.toBeUndefined();
  });

  it('reads text to its end: a binary tail past the first chunks is not text, a character split across chunks is', async () => {
    const text = 'a'.repeat(200 * 1024);
    await expect(detectFileTypeOnDisk(await onDisk(Buffer.concat([Buffer.from(text), Buffer.from([0x00, 0x01])])))).resolves.toBeUndefined();
    // "é" is two bytes; placed across the 64 KiB chunk boundary
    await expect(detectFileTypeOnDisk(await onDisk(Buffer.from(`${'a'.repeat(64 * 1024 - 1)}é and more`)))).resolves.toEqual({ mime: 'text/plain', ext: 'txt' });
  });
});
