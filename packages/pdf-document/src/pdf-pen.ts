import type { jsPDF, jsPDFOptions } from 'jspdf';

/** jsPDF's class, passed in so a document's module never loads the library itself (loadJsPdf fetches it on demand). */
export type JsPdfConstructor = new (options?: jsPDFOptions) => jsPDF;

/** A jsPDF document, as a renderer hands it back (to `save` it). */
export type JsPdfDocument = jsPDF;

export type Rgb = readonly [number, number, number];

/** The colours every PDF of the site is written in: body text, muted labels, the accent of titles and headings, rules. */
export const PDF_COLORS = { text: [33, 37, 41], muted: [96, 103, 112], accent: [47, 74, 58], rule: [206, 212, 218] } as const satisfies Record<string, Rgb>;

export interface PdfPageLayout {
  /** jsPDF's page format: 'letter', 'a4' */
  format: NonNullable<jsPDFOptions['format']>;
  /** the margin on every side, in points */
  margin: number;
  /** the line height in points: what a rule moves down by, and a heading by a quarter more */
  line: number;
  /** a heading's font size */
  headingSize: number;
}

/**
 * A document's pen: what every PDF of the site writes with. Heights are the `y` of the line being
 * written, from the top of the page, which the document keeps itself (a local `let y`) and hands in;
 * the pen answers with where the next line goes.
 */
export interface PdfPen {
  doc: jsPDF;
  /** the x of the right margin */
  right: number;
  color(rgb: Rgb): void;
  font(size: number, style?: 'normal' | 'bold'): void;
  /** whether `needed` points below `y` stay above the bottom margin */
  fits(y: number, needed: number): boolean;
  /** adds a page; the y of its top margin */
  newPage(): number;
  /** `y` when `needed` points fit below it, else the top of a new page */
  room(y: number, needed: number): number;
  /** a thin line from margin to margin at `y`; the y a line under it */
  rule(y: number): number;
  /** a section's heading in the accent colour at `y` (on a new page when it and a couple of lines under it would not fit); the y under it */
  heading(text: string, y: number): number;
}

/** A portrait document measured in points, on the given page format, and the pen to write it with. */
export function createPdfPen(JsPdf: JsPdfConstructor, { format, margin, line, headingSize }: PdfPageLayout): PdfPen {
  const doc = new JsPdf({ unit: 'pt', format, orientation: 'portrait' });
  const right = doc.internal.pageSize.getWidth() - margin;
  const pageHeight = doc.internal.pageSize.getHeight();

  const color = (rgb: Rgb) => {
    doc.setTextColor(rgb[0], rgb[1], rgb[2]);
  };
  const font = (size: number, style: 'normal' | 'bold' = 'normal') => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
  };
  const fits = (y: number, needed: number) => y + needed <= pageHeight - margin;
  const newPage = () => {
    doc.addPage();
    return margin;
  };
  const room = (y: number, needed: number) => (fits(y, needed) ? y : newPage());
  const rule = (y: number) => {
    const [r, g, b] = PDF_COLORS.rule;
    doc.setDrawColor(r, g, b);
    doc.line(margin, y, right, y);
    return y + line;
  };
  const heading = (text: string, at: number) => {
    const y = room(at, line * 3);
    font(headingSize, 'bold');
    color(PDF_COLORS.accent);
    doc.text(text, margin, y);
    return y + line * 1.25;
  };
  return { doc, right, color, font, fits, newPage, room, rule, heading };
}
