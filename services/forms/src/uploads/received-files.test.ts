import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FormField } from '@storefront/contracts';
import { acceptedUploads, inspectUploads, withReceivedFiles, type ReceivedFile } from './received-files.js';
import { TINY_PDF, TINY_PNG } from '@storefront/service-kit';

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'forms-received-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A file part as multer's disk storage leaves it. */
async function received(fieldName: string, originalName: string, content: Buffer): Promise<ReceivedFile> {
  const file = path.join(dir, `part-${++n}`);
  await writeFile(file, content);
  return { fieldName, originalName, path: file, size: content.length };
}

const fields: FormField[] = [
  { name: 'email', type: 'email' },
  { name: 'photos', type: 'file' },
  { name: 'plan', type: 'file' },
];

describe('inspectUploads', () => {
  it('finds the type by content, hashes the content and cleans the name', async () => {
    const [upload] = await inspectUploads([await received('photos', 'C:\\fake\\kitchen.jpg', TINY_PDF)]);
    expect(upload).toMatchObject({
      fieldName: 'photos',
      size: TINY_PDF.length,
      detected: { mime: 'application/pdf', ext: 'pdf' },
      displayName: 'kitchen.jpg',
    });
    expect(upload!.sha256).toBe(createHash('sha256').update(TINY_PDF).digest('hex'));
  });
});

describe('withReceivedFiles', () => {
  it('gives each file field the received files as the rules see them, named by their detected type', async () => {
    const uploads = await inspectUploads([
      await received('photos', 'a.jpg', TINY_PDF),
      await received('photos', 'b.png', TINY_PNG),
    ]);
    expect(withReceivedFiles({ email: 'a@b.co', plan: [{ name: 'fake.pdf', size: 1, type: 'application/pdf' }] }, fields, uploads)).toEqual({
      email: 'a@b.co',
      photos: [
        { name: 'upload.pdf', size: TINY_PDF.length, type: 'application/pdf' },
        { name: 'upload.png', size: TINY_PNG.length, type: 'image/png' },
      ],
    });
  });
});

describe('acceptedUploads', () => {
  it('keeps only the files of file fields whose value the rules kept', async () => {
    const uploads = await inspectUploads([
      await received('photos', 'a.png', TINY_PNG),
      await received('plan', 'b.png', TINY_PNG),
      await received('email', 'c.png', TINY_PNG),
    ]);
    expect(acceptedUploads(uploads, fields, { email: 'a@b.co', photos: [] }).map((upload) => upload.originalName)).toEqual(['a.png']);
  });
});
