import { fileTypeAllowed, normalizeFileTypes } from './file-types.js';

describe('normalizeFileTypes', () => {
  it('reads MIME types, wildcards and extensions with or without a dot, in any case', () => {
    expect(normalizeFileTypes(['Image/PNG', 'video/*', 'JPG', '.pdf'])).toEqual({
      mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
      mimePrefixes: ['video/'],
      extensions: ['.jpg', '.pdf'],
      any: false,
    });
  });

  it('treats no list, an empty list and "*" as "any file"', () => {
    expect(normalizeFileTypes(undefined).any).toBe(true);
    expect(normalizeFileTypes([' ']).any).toBe(true);
    expect(normalizeFileTypes(['*/*']).any).toBe(true);
  });
});

describe('fileTypeAllowed', () => {
  it('accepts by MIME type, wildcard or extension', () => {
    expect(fileTypeAllowed({ name: 'a.bin', type: 'image/jpeg' }, ['image/jpeg'])).toBe(true);
    expect(fileTypeAllowed({ name: 'a.bin', type: 'image/webp' }, ['image/*'])).toBe(true);
    expect(fileTypeAllowed({ name: 'Photo.JPG', type: '' }, ['.jpg'])).toBe(true);
  });

  it('knows which MIME type an extension stands for (jpeg and jpg alike)', () => {
    expect(fileTypeAllowed({ name: 'upload', type: 'image/jpeg' }, ['jpeg'])).toBe(true);
    expect(fileTypeAllowed({ name: 'upload', type: 'image/jpeg; charset=binary' }, ['.jpg'])).toBe(true);
    expect(fileTypeAllowed({ name: 'upload', type: 'application/pdf' }, ['jpg', 'png'])).toBe(false);
  });

  it('refuses a type the list does not name', () => {
    expect(fileTypeAllowed({ name: 'notes.txt', type: 'text/plain' }, ['image/jpeg', 'image/png'])).toBe(false);
    expect(fileTypeAllowed({ name: 'a.pdf', type: 'application/pdf' }, ['image/*'])).toBe(false);
  });
});
