import { cellText, csvField, csvLine } from './csv.js';

describe('CSV cells', () => {
  it('are text: lists joined with "; ", objects as JSON, nothing as empty', () => {
    expect(cellText(['kitchen', 'bath'])).toBe('kitchen; bath');
    expect(cellText({ city: 'Edison' })).toBe('{"city":"Edison"}');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
  });

  it('defuse spreadsheet formulas', () => {
    expect(cellText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(cellText('-2')).toBe("'-2");
  });

  it('quote commas, quotes and line breaks', () => {
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvField('plain')).toBe('plain');
  });

  it('make a CRLF-ended line', () => {
    expect(csvLine(['a, b', '=1', null, 2])).toBe(`"a, b",'=1,,2\r\n`);
  });
});
