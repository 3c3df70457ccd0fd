export { loadJsPdf } from './load-jspdf.js';
export { createPdfPen, PDF_COLORS, type JsPdfConstructor, type JsPdfDocument, type PdfPageLayout, type PdfPen, type Rgb } from './pdf-pen.js';
export { formatUsDate } from './us-date.js';
