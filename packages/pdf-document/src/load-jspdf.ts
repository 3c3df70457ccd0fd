import type { JsPdfConstructor } from './pdf-pen.js';

/**
 * jsPDF, fetched only when someone asks for a PDF: the app's build splits it into a chunk of its own
 * ("jspdf"), so no page's first load carries it. A chunk that will not load rejects; the caller says so.
 */
export async function loadJsPdf(): Promise<JsPdfConstructor> {
  const library = await import(/* webpackChunkName: "jspdf" */ 'jspdf');
  if (typeof library.jsPDF !== 'function') throw new Error('jsPDF is missing from the jspdf module');
  return library.jsPDF;
}
