import { ESTIMATE_CONSTANTS, ESTIMATOR_MESSAGES, type EstimatorTemplate, type PriceResult } from '@storefront/contracts';
import { breakdownSections, selectionRows, totalRows, type EstimateRow, type EstimateSection, type EstimateValues } from '@storefront/estimator-pricing';
import { createPdfPen, formatUsDate, PDF_COLORS, type JsPdfConstructor, type JsPdfDocument } from '@storefront/pdf-document';

/** Everything the PDF says, worked out before any drawing so it can be checked on its own. */
export interface EstimatePdfContent {
  title: string;
  /** MM/DD/YYYY */
  date: string;
  validity: string;
  validUntil: string;
  selections: EstimateRow[];
  sections: EstimateSection[];
  totals: EstimateRow[];
  /** the grand total, "$min - $max" */
  total: string;
  note?: string;
}

/** A raster logo (jsPDF cannot draw SVG): a PNG data URL. */
export interface PdfLogo {
  dataUrl: string;
}

/**
 * estimate-MM-DD-YYYY.pdf: the PDF's own date in the same month-first order, with hyphens because "/"
 * cannot be part of a file name.
 */
export function estimatePdfFileName(date: Date): string {
  return `estimate-${formatUsDate(date).replaceAll('/', '-')}.pdf`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

export function estimatePdfContent(template: EstimatorTemplate, values: EstimateValues, price: PriceResult, today: Date): EstimatePdfContent {
  const { validDays } = ESTIMATE_CONSTANTS;
  return {
    title: ESTIMATOR_MESSAGES.pdfTitle,
    date: formatUsDate(today),
    validity: `Valid for ${validDays} days`,
    validUntil: `Valid until ${formatUsDate(addDays(today, validDays))}`,
    selections: selectionRows(template, values, { forPdf: true }),
    sections: breakdownSections(template.summary, price),
    totals: totalRows(template.summary, price),
    total: price.display.total,
    note: template.summary.note,
  };
}

// Layout in points on A4 (595 x 842): the spec's 300x100 logo reads as points too.
const MARGIN = 48;
const VALUE_COLUMN = 250;
const LINE = 16;

/** Draws the estimate on an A4 page (more pages when the selections run long). */
export function renderEstimatePdf(JsPdf: JsPdfConstructor, content: EstimatePdfContent, logo?: PdfLogo): JsPdfDocument {
  const { doc, right, color, font, room, rule, heading } = createPdfPen(JsPdf, { format: ESTIMATE_CONSTANTS.pdfPageFormat, margin: MARGIN, line: LINE, headingSize: 13 });
  let y = MARGIN;

  /** label on the left, value in the second column, each wrapped to its column */
  const row = (item: EstimateRow, style: 'normal' | 'bold' = 'normal') => {
    font(11, style);
    const labelLines: string[] = doc.splitTextToSize(item.label, VALUE_COLUMN - MARGIN - 12);
    const valueLines: string[] = doc.splitTextToSize(item.value, right - VALUE_COLUMN);
    const lines = Math.max(labelLines.length, valueLines.length);
    y = room(y, lines * LINE);
    color(PDF_COLORS.muted);
    doc.text(labelLines, MARGIN, y);
    color(PDF_COLORS.text);
    doc.text(valueLines, VALUE_COLUMN, y);
    y += lines * LINE;
  };

  const { width: logoWidth, height: logoHeight } = ESTIMATE_CONSTANTS.pdfLogo;
  if (logo) {
    doc.addImage(logo.dataUrl, 'PNG', MARGIN, y, logoWidth, logoHeight);
    y += logoHeight + LINE * 1.5;
  } else {
    y += LINE;
  }

  font(24, 'bold');
  color(PDF_COLORS.accent);
  doc.text(content.title, MARGIN, y);
  y += LINE * 1.75;
  font(11);
  color(PDF_COLORS.text);
  doc.text(`Date: ${content.date}`, MARGIN, y);
  y += LINE;
  color(PDF_COLORS.muted);
  doc.text(`${content.validity} (${content.validUntil})`, MARGIN, y);
  y += LINE;
  y = rule(y);

  if (content.selections.length > 0) {
    y = heading('Your selections', y);
    content.selections.forEach((item) => row(item));
    y += LINE / 2;
  }
  for (const section of content.sections) {
    y = heading(section.label, y);
    section.rows.forEach((item) => row(item));
    y += LINE / 2;
  }
  y = room(y, LINE * 6);
  y = rule(y);
  content.totals.slice(0, -1).forEach((item) => row(item));
  const grand = content.totals[content.totals.length - 1];
  if (grand) {
    y += LINE / 4;
    font(14, 'bold');
    color(PDF_COLORS.accent);
    doc.text(grand.label, MARGIN, y);
    doc.text(content.total, right, y, { align: 'right' });
    y += LINE * 1.5;
  }
  if (content.note) {
    font(9);
    color(PDF_COLORS.muted);
    const noteLines: string[] = doc.splitTextToSize(content.note, right - MARGIN);
    y = room(y, noteLines.length * 12);
    doc.text(noteLines, MARGIN, y);
  }
  return doc;
}
