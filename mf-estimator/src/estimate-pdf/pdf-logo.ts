import { ESTIMATE_CONSTANTS } from '@storefront/contracts';
import type { PdfLogo } from './estimate-pdf.js';

/** The site logo (generated into content/generated/images, served at /images/). */
export const SITE_LOGO_SRC = '/images/logo.svg';

/** Three canvas pixels per PDF point keeps the logo sharp when printed. */
const PIXELS_PER_POINT = 3;

/**
 * jsPDF draws raster images only, so the SVG logo is drawn onto a canvas the size of the PDF's logo box
 * (kept in proportion, left-aligned) and handed over as a PNG. Browser only; any failure means a PDF
 * without the logo rather than no PDF.
 */
export async function rasterizeLogo(src: string = SITE_LOGO_SRC): Promise<PdfLogo | undefined> {
  try {
    const image = new Image();
    image.src = src;
    await image.decode();
    const { width, height } = ESTIMATE_CONSTANTS.pdfLogo;
    const canvas = document.createElement('canvas');
    canvas.width = width * PIXELS_PER_POINT;
    canvas.height = height * PIXELS_PER_POINT;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    const naturalWidth = image.naturalWidth || canvas.width;
    const naturalHeight = image.naturalHeight || canvas.height;
    const scale = Math.min(canvas.width / naturalWidth, canvas.height / naturalHeight);
    const drawnHeight = naturalHeight * scale;
    context.drawImage(image, 0, (canvas.height - drawnHeight) / 2, naturalWidth * scale, drawnHeight);
    return { dataUrl: canvas.toDataURL('image/png') };
  } catch {
    return undefined;
  }
}
