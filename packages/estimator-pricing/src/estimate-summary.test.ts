import type { EstimatorField, EstimatorTemplate, PricingData } from '@storefront/contracts';
import { calculateEstimate } from './calculate-estimate.js';
import { breakdownSections, defaultEstimateValues, hasPrice, selectionRows, selectionText, summaryRows } from './estimate-summary.js';

const leaf = (min: number, max: number, laborMin: number, laborMax: number) => ({ price: { min, max }, labor: { min: laborMin, max: laborMax } });

const size: EstimatorField = {
  name: 'kitchenSize',
  type: 'select',
  label: 'Kitchen size',
  customLabel: 'Size',
  useInCalculation: true,
  defaultValue: 'medium',
  options: [
    { label: 'Small (up to 10 ft)', value: 'small', customLabel: 'Small' },
    { label: 'Medium (10-20 ft)', value: 'medium' },
  ],
};
const cabinets: EstimatorField = {
  name: 'cabinetLine',
  type: 'radio',
  label: 'Cabinet line',
  useInCalculation: true,
  dependsOn: 'kitchenSize',
  options: [{ label: 'Shaker', value: 'shaker', customLabel: 'Shaker doors' }],
};
const finish: EstimatorField = {
  name: 'finish',
  type: 'select',
  label: 'Finish',
  useInCalculation: true,
  dependsOn: 'cabinetLine',
  options: [{ label: 'Snow white', value: 'white' }],
};
const island: EstimatorField = { name: 'island', type: 'checkbox', label: 'Add an island', useInCalculation: true, defaultValue: 'true' };
const phone: EstimatorField = { name: 'phone', type: 'tel', label: 'Phone', hideInPDF: true };
const notes: EstimatorField = { name: 'notes', type: 'textarea', label: 'Notes' };

const template: EstimatorTemplate = {
  id: 'kitchen',
  name: 'kitchen',
  title: 'Estimated Pricing',
  groups: [
    { name: 'project', title: 'Project', layout: 'accordion', fields: [size, cabinets, finish] },
    { name: 'extras', title: 'Extras', layout: 'popup', fields: [island] },
    { name: 'contact', title: 'Contact', layout: 'accordion', fields: [phone, notes] },
  ],
  summary: {
    title: 'Estimated Pricing',
    position: 'top',
    breakdowns: [
      {
        label: 'Materials',
        items: [
          { name: 'cabinets', label: 'Cabinets', fields: ['cabinetLine', 'finish'] },
          { name: 'nothing', label: 'Countertops', fields: ['countertop'] },
        ],
      },
      { label: 'Extras', items: [{ name: 'island', label: 'Island', fields: ['island'] }] },
    ],
    productTotal: { label: 'Materials' },
    laborTotal: { label: 'Installation' },
    grandTotal: { label: 'Estimated Total' },
  },
};

const pricing: PricingData = {
  kitchenSize: { small: leaf(0, 0, 800, 1500), medium: leaf(0, 0, 1200, 2200) },
  cabinetLine: { small: { shaker: leaf(4000, 6000, 1500, 2000) }, medium: { shaker: leaf(8000, 11000, 2500, 3500) } },
  // finish nests the whole chain: finish[kitchenSize][cabinetLine][finish]
  finish: { small: { shaker: { white: leaf(100, 200, 0, 0) } }, medium: { shaker: { white: leaf(300, 500, 0, 0) } } },
  island: { true: leaf(2000, 3500, 600, 1200) },
};

describe('defaultEstimateValues', () => {
  it('starts each field at its defaultValue (a checkbox "true" ticked), others empty', () => {
    expect(defaultEstimateValues(template)).toEqual({ kitchenSize: 'medium', cabinetLine: '', finish: '', island: true, phone: '', notes: '' });
  });

  it('prices the defaults before the shopper picks anything', () => {
    const price = calculateEstimate(template, pricing, defaultEstimateValues(template));
    expect(price?.display.total).toBe('$3,800 - $6,900');
    expect(Object.keys(price?.breakdown ?? {})).toEqual(['kitchenSize', 'island']);
  });
});

describe('the dependsOn chain through three fields', () => {
  it('re-prices every dependent field when the first pick changes', () => {
    const picks = { cabinetLine: 'shaker', finish: 'white', island: false };
    const medium = calculateEstimate(template, pricing, { ...picks, kitchenSize: 'medium' });
    const small = calculateEstimate(template, pricing, { ...picks, kitchenSize: 'small' });
    expect(medium?.breakdown.finish?.max).toBe(500);
    expect(small?.breakdown.finish?.max).toBe(200);
    expect(small?.display.product).toBe('$4,100 - $6,200');
    expect(medium?.display.total).toBe('$12,000 - $17,200');
  });

  it('drops a chained price while a field up the chain is empty', () => {
    const price = calculateEstimate(template, pricing, { kitchenSize: 'small', cabinetLine: '', finish: 'white' });
    expect(Object.keys(price?.breakdown ?? {})).toEqual(['kitchenSize']);
  });
});

describe('selection rows', () => {
  const values = { kitchenSize: 'small', cabinetLine: 'shaker', finish: 'white', island: true, phone: '7325550148', notes: '  ' };

  it('use customLabels of fields and options, else their labels, in template order', () => {
    expect(selectionRows(template, values)).toEqual([
      { label: 'Size', value: 'Small' },
      { label: 'Cabinet line', value: 'Shaker doors' },
      { label: 'Finish', value: 'Snow white' },
      { label: 'Add an island', value: 'Yes' },
      { label: 'Phone', value: '7325550148' },
    ]);
  });

  it('leave out hideInPDF fields for the PDF only', () => {
    expect(selectionRows(template, values, { forPdf: true }).map((row) => row.label)).not.toContain('Phone');
  });

  it('never echo a value that is not one of the options, nor an unticked box', () => {
    expect(selectionText(size, 'huge')).toBeUndefined();
    expect(selectionText(size, { nested: 1 })).toBeUndefined();
    expect(selectionText(island, false)).toBeUndefined();
    expect(selectionText(notes, 'Gas range')).toBe('Gas range');
  });
});

describe('summary rows', () => {
  it('add up each breakdown item over its fields, skip unpriced items, then list the three totals', () => {
    const price = calculateEstimate(template, pricing, { kitchenSize: 'small', cabinetLine: 'shaker', finish: 'white', island: false });
    expect(breakdownSections(template.summary, price!)).toEqual([{ label: 'Materials', rows: [{ label: 'Cabinets', value: '$5,600 - $8,200' }] }]);
    expect(summaryRows(template.summary, price)).toEqual([
      { label: 'Cabinets', value: '$5,600 - $8,200' },
      { label: 'Materials', value: '$4,100 - $6,200' },
      { label: 'Installation', value: '$2,300 - $3,500' },
      { label: 'Estimated Total', value: '$6,400 - $9,700' },
    ]);
  });

  it('are empty without a price', () => {
    expect(summaryRows(template.summary, null)).toEqual([]);
  });
});

describe('hasPrice', () => {
  it('is false without a price or when everything picked costs nothing', () => {
    expect(hasPrice(null)).toBe(false);
    const free = calculateEstimate(template, { ...pricing, island: { true: leaf(0, 0, 0, 0) } }, { island: true });
    expect(free).not.toBeNull();
    expect(hasPrice(free)).toBe(false);
    expect(hasPrice(calculateEstimate(template, pricing, { island: true }))).toBe(true);
  });
});
