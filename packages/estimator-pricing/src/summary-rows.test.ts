import type { EstimatorSummaryConfig, PriceResult } from '@storefront/contracts';
import { estimateSummaryRows } from './summary-rows.js';

const summary: EstimatorSummaryConfig = {
  title: 'Estimated Pricing',
  position: 'side',
  breakdowns: [
    { label: 'Project', items: [{ name: 'prep', label: 'Demolition & site prep', fields: ['kitchenSize'] }] },
    {
      label: 'Materials',
      items: [
        { name: 'cabinets', label: 'Cabinets', fields: ['cabinetLine', 'hardware'] },
        { name: 'countertops', label: 'Countertops', fields: ['countertop'] },
      ],
    },
  ],
  productTotal: { label: 'Materials' },
  laborTotal: { label: 'Installation' },
  grandTotal: { label: 'Estimated Total' },
};

const part = (totalMin: number, totalMax: number) => ({ min: 0, max: 0, laborMin: 0, laborMax: 0, totalMin, totalMax });
const price: PriceResult = {
  min: 5000,
  max: 9000,
  laborMin: 1000,
  laborMax: 2000,
  finalMin: 6000,
  finalMax: 11000,
  display: { product: '$5,000 - $9,000', labor: '$1,000 - $2,000', total: '$6,000 - $11,000' },
  breakdown: { kitchenSize: part(1000, 2000), cabinetLine: part(3000, 6000), hardware: part(2000, 3000) },
};

describe('estimateSummaryRows', () => {
  it('adds up each item\'s fields, leaves out items with nothing priced, then the three totals', () => {
    expect(estimateSummaryRows(summary, price)).toEqual([
      { label: 'Demolition & site prep', value: '$1,000 - $2,000' },
      { label: 'Cabinets', value: '$5,000 - $9,000' },
      { label: 'Materials', value: '$5,000 - $9,000' },
      { label: 'Installation', value: '$1,000 - $2,000' },
      { label: 'Estimated Total', value: '$6,000 - $11,000' },
    ]);
  });
});
