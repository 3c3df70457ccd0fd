import { fileTypeAllowed, fileTypesAccept, isAcceptedFileType, normalizeFileType, normalizeFileTypes } from './file-types.js';

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

describe('fileTypes', () => {
  it('spells MIME types and extensions one way', () => {
    expect(normalizeFileType(' Image/JPEG ')).toBe('image/jpeg');
    expect(normalizeFileType('jpg')).toBe('.jpg');
    expect(normalizeFileType('.PDF')).toBe('.pdf');
    expect(normalizeFileType('*')).toBe('');
  });

  it('makes an accept attribute, or none when anything goes', () => {
    expect(fileTypesAccept(['image/jpeg', 'png', '.png'])).toBe('image/jpeg,.png');
    expect(fileTypesAccept([])).toBeUndefined();
    expect(fileTypesAccept(undefined)).toBeUndefined();
    expect(fileTypesAccept(['*/*', 'pdf'])).toBeUndefined();
  });

  it('accepts by MIME type, wildcard or extension', () => {
    const png = { name: 'Kitchen.PNG', type: 'image/png' };
    expect(isAcceptedFileType(png, ['image/png'])).toBe(true);
    expect(isAcceptedFileType(png, ['image/*'])).toBe(true);
    expect(isAcceptedFileType(png, ['png'])).toBe(true);
    expect(isAcceptedFileType(png, ['.png'])).toBe(true);
    expect(isAcceptedFileType(png, ['image/jpeg', 'pdf'])).toBe(false);
    expect(isAcceptedFileType(png, [])).toBe(true);
  });
});
