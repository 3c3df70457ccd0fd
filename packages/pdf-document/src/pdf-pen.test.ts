import { jsPDF } from 'jspdf';
import { createPdfPen, PDF_COLORS } from './pdf-pen.js';

/** The strings jsPDF drew (uncompressed content streams keep them as "(text) Tj"). */
function drawnText(doc: jsPDF): string[] {
  return [...doc.output().matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => (match[1] ?? '').replace(/\\(.)/g, '$1'));
}

const LETTER = { format: 'letter', margin: 48, line: 14, headingSize: 12 } as const;
const BOTTOM = 792 - 48;

describe('createPdfPen', () => {
  it('opens a portrait document of the format, in points', () => {
    const pen = createPdfPen(jsPDF, LETTER);
    expect(Math.round(pen.doc.internal.pageSize.getWidth())).toBe(612);
    expect(Math.round(pen.doc.internal.pageSize.getHeight())).toBe(792);
    expect(Math.round(pen.right)).toBe(612 - 48);
    const a4 = createPdfPen(jsPDF, { ...LETTER, format: 'a4' });
    expect(Math.round(a4.doc.internal.pageSize.getWidth())).toBe(595);
    expect(Math.round(a4.doc.internal.pageSize.getHeight())).toBe(842);
  });

  it('writes a heading bold in the accent colour, a line and a quarter high; a rule is a line high', () => {
    const pen = createPdfPen(jsPDF, LETTER);
    const setFont = jest.spyOn(pen.doc, 'setFont');
    const setTextColor = jest.spyOn(pen.doc, 'setTextColor');
    const setDrawColor = jest.spyOn(pen.doc, 'setDrawColor');
    const under = pen.heading('Items', 48);
    expect(under).toBe(48 + 14 * 1.25);
    expect(pen.rule(under)).toBe(under + 14);
    expect(setFont).toHaveBeenCalledWith('helvetica', 'bold');
    expect(setTextColor).toHaveBeenCalledWith(...PDF_COLORS.accent);
    expect(setDrawColor).toHaveBeenCalledWith(...PDF_COLORS.rule);
    expect(drawnText(pen.doc)).toEqual(['Items']);
  });

  it('starts a new page, at the top margin, only when what comes next does not fit above the bottom margin', () => {
    const pen = createPdfPen(jsPDF, LETTER);
    expect(pen.fits(BOTTOM - 100, 100)).toBe(true);
    expect(pen.room(BOTTOM - 100, 100)).toBe(BOTTOM - 100);
    expect(pen.doc.getNumberOfPages()).toBe(1);
    expect(pen.fits(BOTTOM - 100, 101)).toBe(false);
    expect(pen.room(BOTTOM - 100, 101)).toBe(48);
    expect(pen.doc.getNumberOfPages()).toBe(2);
  });

  it('puts a heading on the next page when it and two lines under it would not fit', () => {
    const pen = createPdfPen(jsPDF, LETTER);
    expect(pen.heading('Notes', BOTTOM - 14 * 2)).toBe(48 + 14 * 1.25);
    expect(pen.doc.getNumberOfPages()).toBe(2);
  });
});
