import { cellText, csvField, submissionsCsv } from './submissions-csv.js';

const at = new Date('2026-11-20T10:00:00.000Z');

describe('submissions CSV', () => {
  it('has a header, the fixed columns, then the definition order and any other stored field', () => {
    const csv = submissionsCsv(
      [
        { id: 'a', formName: 'contact', data: { email: 'ann@example.com', name: 'Ann' }, stepCount: 1, createdAt: at, updatedAt: at },
        { id: 'b', formName: 'contact', data: { name: 'Bob', legacy: 'x' }, stepCount: 1, createdAt: at, updatedAt: at },
      ],
      ['name', 'email'],
    );
    expect(csv.split('\r\n')).toEqual([
      'id,form,submitted_at,updated_at,steps,name,email,legacy',
      'a,contact,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z,1,Ann,ann@example.com,',
      'b,contact,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z,1,Bob,,x',
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(cellText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(cellText('-2')).toBe("'-2");
    expect(cellText(['kitchen', 'bath'])).toBe('kitchen; bath');
    expect(cellText({ city: 'Edison' })).toBe('{"city":"Edison"}');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
  });
});
