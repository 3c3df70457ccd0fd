import { DEFAULT_FILE_TYPES, fileTypeAllowed, fileTypesAccept, isAcceptedFileType, normalizeFileType, normalizeFileTypes } from './file-types.js';

describe('normalizeFileTypes', () => {
  it('reads MIME types, wildcards and extensions with or without a dot, in any case', () => {
    expect(normalizeFileTypes(['Image/PNG', 'video/*', 'JPG', '.pdf'])).toEqual({
      mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
      mimePrefixes: ['video/'],
      extensions: ['.jpg', '.pdf'],
      any: false,
    });
  });

  it('reads no list and an empty list as the safe default list, and only an explicit "*" as "any file"', () => {
    expect(normalizeFileTypes(undefined)).toEqual(normalizeFileTypes(DEFAULT_FILE_TYPES));
    expect(normalizeFileTypes([' '])).toEqual(normalizeFileTypes(DEFAULT_FILE_TYPES));
    expect(normalizeFileTypes(undefined).any).toBe(false);
    expect(normalizeFileTypes(['*/*']).any).toBe(true);
    expect(normalizeFileTypes(['*']).any).toBe(true);
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
    expect(fileTypesAccept([])).toBe('.jpg,.jpeg,.png,.gif,.webp,.heic,.heif,.pdf,.docx,.xlsx,.pptx');
    expect(fileTypesAccept(undefined)).toBe(fileTypesAccept([]));
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

  it('without fileTypes takes photos, PDF and Office Open XML files, by the type their content shows, and nothing that runs or hides things', () => {
    for (const file of [
      { name: 'a.jpg', type: 'image/jpeg' },
      { name: 'a.heic', type: 'image/heic' },
      { name: 'plan.pdf', type: 'application/pdf' },
      { name: 'quote.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      { name: 'sizes.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    ]) {
      expect(isAcceptedFileType(file, undefined)).toBe(true);
    }
    for (const file of [
      { name: 'logo.svg', type: 'image/svg+xml' },
      { name: 'page.html', type: 'text/html' },
      { name: 'all.zip', type: 'application/zip' },
      { name: 'setup.exe', type: 'application/x-msdownload' },
      { name: 'old.doc', type: 'application/x-cfb' },
      { name: 'notes.txt', type: 'text/plain' },
      { name: 'clip.mp4', type: 'video/mp4' },
    ]) {
      expect(isAcceptedFileType(file, undefined)).toBe(false);
      expect(isAcceptedFileType(file, [])).toBe(false);
    }
    expect(isAcceptedFileType({ name: 'all.zip', type: 'application/zip' }, ['*'])).toBe(true);
  });
});
