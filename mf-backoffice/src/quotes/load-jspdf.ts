import type { JsPdfConstructor } from './quote-pdf.js';

/**
 * jsPDF is fetched only when staff ask for a quote's PDF (its own chunk), so the quote pages' first
 * load never carries it. A chunk that will not load rejects; the button says so.
 */
export async function loadJsPdf(): Promise<JsPdfConstructor> {
  const library = await import(/* webpackChunkName: "jspdf" */ 'jspdf');
  if (typeof library.jsPDF !== 'function') throw new Error('jsPDF is missing from the jspdf module');
  return library.jsPDF;
}
