import { attachmentDisposition, downloadFileName } from './attachment.js';

describe('a stored upload as a download', () => {
  it("keeps the shopper's name when its extension is the detected type's", () => {
    expect(downloadFileName('Kitchen photo.png', '5b0c1a8e-2f51-4b7e-9a0c-1d2e3f4a5b6c.png')).toBe('Kitchen photo.png');
    expect(downloadFileName('SCAN.PDF', '5b0c1a8e-2f51-4b7e-9a0c-1d2e3f4a5b6c.pdf')).toBe('SCAN.PDF');
  });

  it('adds the detected extension where the name claims another type, or none', () => {
    expect(downloadFileName('invoice.pdf.html', '5b0c1a8e-2f51-4b7e-9a0c-1d2e3f4a5b6c.pdf')).toBe('invoice.pdf.html.pdf');
    expect(downloadFileName('floor plan', '5b0c1a8e-2f51-4b7e-9a0c-1d2e3f4a5b6c.jpg')).toBe('floor plan.jpg');
    expect(downloadFileName('  ', '5b0c1a8e-2f51-4b7e-9a0c-1d2e3f4a5b6c.png')).toBe('file.png');
    expect(downloadFileName('notes', '5b0c1a8e-2f51-4b7e-9a0c-1d2e3f4a5b6c')).toBe('notes');
  });

  it('names it twice: plain ASCII for old clients, UTF-8 percent-encoded for the rest', () => {
    expect(attachmentDisposition('Kitchen photo.png')).toBe(`attachment; filename="Kitchen photo.png"; filename*=UTF-8''Kitchen%20photo.png`);
    expect(attachmentDisposition('Küche (2).jpg')).toBe(`attachment; filename="K_che (2).jpg"; filename*=UTF-8''K%C3%BCche%20%282%29.jpg`);
  });

  it('lets no quote, backslash, semicolon or line break end the header value early', () => {
    const header = attachmentDisposition('a"b\\c;d\r\ne%.png');
    expect(header).toBe(`attachment; filename="a_b_c_d__e_.png"; filename*=UTF-8''a%22b%5Cc%3Bd%0D%0Ae%25.png`);
    expect(header).not.toMatch(/[\r\n]/);
  });
});
