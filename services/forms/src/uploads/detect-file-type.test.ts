import { detectFileType } from './detect-file-type.js';
import { TINY_JPEG, TINY_PDF, TINY_PNG } from './test-files.js';

describe('detectFileType', () => {
  it('names images and PDFs by their content', async () => {
    await expect(detectFileType(TINY_PNG)).resolves.toEqual({ mime: 'image/png', ext: 'png' });
    await expect(detectFileType(TINY_JPEG)).resolves.toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    await expect(detectFileType(TINY_PDF)).resolves.toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('calls UTF-8 text text/plain and anything else unknown', async () => {
    await expect(detectFileType(Buffer.from('Order HW-1002, two boxes dented.\r\n'))).resolves.toEqual({ mime: 'text/plain', ext: 'txt' });
    await expect(detectFileType(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]))).resolves.toBeUndefined();
    await expect(detectFileType(Buffer.alloc(0))).resolves.toBeUndefined();
  });
});
