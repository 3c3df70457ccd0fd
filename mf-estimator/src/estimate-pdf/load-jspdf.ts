import type { JsPdfConstructor } from './estimate-pdf.js';

/**
 * jsPDF is fetched only when a shopper asks for a PDF, so it is never part of the page's first
 * JavaScript. A failed import (a chunk that will not load) rejects; the caller says "PDF library not found".
 */
export async function loadJsPdf(): Promise<JsPdfConstructor> {
  const library = await import(/* webpackChunkName: "jspdf" */ 'jspdf');
  if (typeof library.jsPDF !== 'function') throw new Error('jsPDF is missing from the jspdf module');
  return library.jsPDF;
}
