import type { FormField } from '@storefront/contracts';
import { acceptedUploads, inspectUploads, withReceivedFiles } from './received-files.js';
import { TINY_PDF, TINY_PNG } from './test-files.js';

const fields: FormField[] = [
  { name: 'email', type: 'email' },
  { name: 'photos', type: 'file' },
  { name: 'plan', type: 'file' },
];

describe('inspectUploads', () => {
  it('finds the type by content, hashes the content and cleans the name', async () => {
    const [upload] = await inspectUploads([{ fieldName: 'photos', originalName: 'C:\\fake\\kitchen.jpg', content: TINY_PDF }]);
    expect(upload).toMatchObject({
      fieldName: 'photos',
      size: TINY_PDF.length,
      detected: { mime: 'application/pdf', ext: 'pdf' },
      displayName: 'kitchen.jpg',
    });
    expect(upload!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('withReceivedFiles', () => {
  it('gives each file field the received files as the rules see them, named by their detected type', async () => {
    const uploads = await inspectUploads([
      { fieldName: 'photos', originalName: 'a.jpg', content: TINY_PDF },
      { fieldName: 'photos', originalName: 'b.png', content: TINY_PNG },
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
      { fieldName: 'photos', originalName: 'a.png', content: TINY_PNG },
      { fieldName: 'plan', originalName: 'b.png', content: TINY_PNG },
      { fieldName: 'email', originalName: 'c.png', content: TINY_PNG },
    ]);
    expect(acceptedUploads(uploads, fields, { email: 'a@b.co', photos: [] }).map((upload) => upload.originalName)).toEqual(['a.png']);
  });
});
