import { fileTypesAccept, isAcceptedFileType, normalizeFileType } from './file-types.js';

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
