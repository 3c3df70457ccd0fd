import type { jsPDF, jsPDFOptions } from 'jspdf';
import { ESTIMATE_CONSTANTS, ESTIMATOR_MESSAGES, type EstimatorTemplate, type PriceResult } from '@storefront/contracts';
import { breakdownSections, selectionRows, totalRows, type EstimateRow, type EstimateSection, type EstimateValues } from '@storefront/estimator-pricing';

/** jsPDF's class, passed in so this module never loads the library itself (it is imported on demand). */
export type JsPdfConstructor = new (options?: jsPDFOptions) => jsPDF;

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

const pad = (value: number) => String(value).padStart(2, '0');

/** MM/DD/YYYY in the shopper's own time zone: the date they see on their calendar. */
export function formatUsDate(date: Date): string {
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
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
const COLORS = { text: [33, 37, 41], muted: [96, 103, 112], accent: [47, 74, 58], rule: [206, 212, 218] } as const;

/** Draws the estimate on an A4 page (more pages when the selections run long). */
export function renderEstimatePdf(JsPdf: JsPdfConstructor, content: EstimatePdfContent, logo?: PdfLogo): jsPDF {
  const doc = new JsPdf({ unit: 'pt', format: ESTIMATE_CONSTANTS.pdfPageFormat, orientation: 'portrait' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const right = pageWidth - MARGIN;
  let y = MARGIN;

  const color = (rgb: readonly [number, number, number]) => doc.setTextColor(rgb[0], rgb[1], rgb[2]);
  const font = (size: number, style: 'normal' | 'bold' = 'normal') => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
  };
  const room = (needed: number) => {
    if (y + needed <= pageHeight - MARGIN) return;
    doc.addPage();
    y = MARGIN;
  };
  const rule = () => {
    doc.setDrawColor(COLORS.rule[0], COLORS.rule[1], COLORS.rule[2]);
    doc.line(MARGIN, y, right, y);
    y += LINE;
  };
  const heading = (text: string) => {
    room(LINE * 3);
    font(13, 'bold');
    color(COLORS.accent);
    doc.text(text, MARGIN, y);
    y += LINE * 1.25;
  };
  /** label on the left, value in the second column, each wrapped to its column */
  const row = (item: EstimateRow, style: 'normal' | 'bold' = 'normal') => {
    font(11, style);
    const labelLines: string[] = doc.splitTextToSize(item.label, VALUE_COLUMN - MARGIN - 12);
    const valueLines: string[] = doc.splitTextToSize(item.value, right - VALUE_COLUMN);
    const lines = Math.max(labelLines.length, valueLines.length);
    room(lines * LINE);
    color(COLORS.muted);
    doc.text(labelLines, MARGIN, y);
    color(COLORS.text);
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
  color(COLORS.accent);
  doc.text(content.title, MARGIN, y);
  y += LINE * 1.75;
  font(11);
  color(COLORS.text);
  doc.text(`Date: ${content.date}`, MARGIN, y);
  y += LINE;
  color(COLORS.muted);
  doc.text(`${content.validity} (${content.validUntil})`, MARGIN, y);
  y += LINE;
  rule();

  if (content.selections.length > 0) {
    heading('Your selections');
    content.selections.forEach((item) => row(item));
    y += LINE / 2;
  }
  for (const section of content.sections) {
    heading(section.label);
    section.rows.forEach((item) => row(item));
    y += LINE / 2;
  }
  room(LINE * 6);
  rule();
  content.totals.slice(0, -1).forEach((item) => row(item));
  const grand = content.totals[content.totals.length - 1];
  if (grand) {
    y += LINE / 4;
    font(14, 'bold');
    color(COLORS.accent);
    doc.text(grand.label, MARGIN, y);
    doc.text(content.total, right, y, { align: 'right' });
    y += LINE * 1.5;
  }
  if (content.note) {
    font(9);
    color(COLORS.muted);
    const noteLines: string[] = doc.splitTextToSize(content.note, right - MARGIN);
    room(noteLines.length * 12);
    doc.text(noteLines, MARGIN, y);
  }
  return doc;
}
