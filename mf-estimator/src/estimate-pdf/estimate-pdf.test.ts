import { jsPDF } from 'jspdf';
import { calculateEstimate } from '@storefront/estimator-pricing';
import { kitchenEstimator } from '../test-support/kitchen-estimator.fixture.js';
import { estimatePdfContent, estimatePdfFileName, renderEstimatePdf } from './estimate-pdf.js';

const { template, pricing } = kitchenEstimator;
const values = { kitchenSize: 'small', cabinetLine: 'shaker', appliances: 'standard', fullName: 'Ann Lee', email: 'ann@example.com', phone: '7325550148' };
const price = calculateEstimate(template, pricing, values)!;
// 3 Feb 2026, local time: the shopper's calendar day
const today = new Date(2026, 1, 3, 23, 30);

/** The strings jsPDF drew (uncompressed content streams keep them as "(text) Tj"). */
function drawnText(doc: jsPDF): string[] {
  return [...doc.output().matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => (match[1] ?? '').replace(/\\(.)/g, '$1'));
}

// a 1x1 transparent PNG
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe("the estimate's file name", () => {
  it("is the PDF's month-first date with hyphens", () => {
    expect(estimatePdfFileName(today)).toBe('estimate-02-03-2026.pdf');
  });
});

describe('estimatePdfContent', () => {
  it('holds the title, dates, labelled selections without hideInPDF fields, breakdowns and totals', () => {
    expect(estimatePdfContent(template, values, price, today)).toEqual({
      title: 'Project Estimate',
      date: '02/03/2026',
      validity: 'Valid for 30 days',
      validUntil: 'Valid until 03/05/2026',
      selections: [
        { label: 'Size', value: 'Small' },
        { label: 'Cabinet line', value: 'Shaker' },
        { label: 'Appliances', value: 'Standard' },
        { label: 'Full name', value: 'Ann Lee' },
        { label: 'Email', value: 'ann@example.com' },
      ],
      sections: [{ label: 'Breakdown', rows: [{ label: 'Cabinets', value: '$10,000 - $15,000' }] }],
      totals: [
        { label: 'Products', value: '$9,000 - $14,000' },
        { label: 'Labor', value: '$2,900 - $4,700' },
        { label: 'Total', value: '$11,900 - $18,700' },
      ],
      total: '$11,900 - $18,700',
      note: 'Estimates are valid for 30 days.',
    });
  });
});

describe('renderEstimatePdf', () => {
  it('draws an A4 page with the logo, the title, the dates, every selection and the "$min - $max" total', () => {
    // instances copy their methods from jsPDF.API when made, so a spy there sees this document's calls
    const addImage = jest.spyOn(jsPDF.API as unknown as { addImage: (...args: unknown[]) => jsPDF }, 'addImage');
    const doc = renderEstimatePdf(jsPDF, estimatePdfContent(template, values, price, today), { dataUrl: PIXEL });

    expect(Math.round(doc.internal.pageSize.getWidth())).toBe(595);
    expect(Math.round(doc.internal.pageSize.getHeight())).toBe(842);
    expect(addImage).toHaveBeenCalledWith(PIXEL, 'PNG', expect.any(Number), expect.any(Number), 300, 100);
    const text = drawnText(doc);
    expect(text).toEqual(
      expect.arrayContaining([
        'Project Estimate',
        'Date: 02/03/2026',
        'Valid for 30 days (Valid until 03/05/2026)',
        'Size',
        'Small',
        'Appliances',
        'Standard',
        'ann@example.com',
        'Cabinets',
        '$10,000 - $15,000',
        'Total',
        '$11,900 - $18,700',
      ]),
    );
    expect(text.join('\n')).not.toContain('7325550148');
    expect(text.join('\n')).not.toContain('Phone');
    addImage.mockRestore();
  });

  it('still makes a PDF without a logo, and moves long selections onto another page', () => {
    const many = { ...estimatePdfContent(template, values, price, today), selections: Array.from({ length: 60 }, (_, i) => ({ label: `Item ${i}`, value: 'Yes' })) };
    const doc = renderEstimatePdf(jsPDF, many);
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
    expect(drawnText(doc)).toContain('Item 59');
  });
});
