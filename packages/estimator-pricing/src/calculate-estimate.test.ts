import type { EstimatorField, EstimatorTemplate, PricingData } from '@storefront/contracts';
import { calculateEstimate } from './calculate-estimate.js';

const leaf = (min: number, max: number, laborMin: number, laborMax: number) => ({ price: { min, max }, labor: { min: laborMin, max: laborMax } });

function template(...fields: EstimatorField[]): EstimatorTemplate {
  return {
    id: 'kitchen',
    name: 'kitchen',
    title: 'Kitchen estimate',
    groups: [
      { name: 'one', title: 'One', layout: 'accordion', fields: fields.slice(0, 2) },
      { name: 'two', title: 'Two', layout: 'accordion', fields: fields.slice(2) },
    ],
    summary: {
      title: 'Estimated Pricing',
      position: 'side',
      breakdowns: [],
      productTotal: { label: 'Products' },
      laborTotal: { label: 'Labor' },
      grandTotal: { label: 'Total' },
    },
  };
}

const size: EstimatorField = { name: 'kitchenSize', type: 'select', label: 'Size', useInCalculation: true };
const cabinets: EstimatorField = { name: 'cabinetLine', type: 'select', label: 'Cabinets', useInCalculation: true, dependsOn: 'kitchenSize' };
const email: EstimatorField = { name: 'email', type: 'email', label: 'Email' };
const counters: EstimatorField = { name: 'countertop', type: 'radio', label: 'Countertop', useInCalculation: true };

const pricing: PricingData = {
  kitchenSize: { small: leaf(1000, 2000, 500, 800), large: leaf(3000, 5000, 1000, 1500) },
  cabinetLine: {
    small: { shaker: leaf(8000, 12000, 2000, 3000) },
    large: { shaker: leaf(14000, 25000, 4000, 6000.5) },
  },
  countertop: { quartz: leaf(2500.25, 4000, 300, 700) },
};

describe('calculateEstimate', () => {
  const kitchen = template(size, cabinets, email, counters);

  it('is null while nothing priced is picked', () => {
    expect(calculateEstimate(kitchen, pricing, {})).toBeNull();
    expect(calculateEstimate(kitchen, pricing, { email: 'ann@example.com', kitchenSize: '' })).toBeNull();
  });

  it('prices one pick with product, labor and total ranges', () => {
    const result = calculateEstimate(kitchen, pricing, { kitchenSize: 'large' });
    expect(result).toEqual({
      min: 3000,
      max: 5000,
      laborMin: 1000,
      laborMax: 1500,
      finalMin: 4000,
      finalMax: 6500,
      display: { product: '$3,000 - $5,000', labor: '$1,000 - $1,500', total: '$4,000 - $6,500' },
      breakdown: { kitchenSize: { min: 3000, max: 5000, laborMin: 1000, laborMax: 1500, totalMin: 4000, totalMax: 6500 } },
    });
  });

  it('sums every priced pick and looks dependent fields up under the parent value', () => {
    const result = calculateEstimate(kitchen, pricing, { kitchenSize: 'small', cabinetLine: 'shaker', countertop: 'quartz' });
    expect(result?.min).toBe(11500.25);
    expect(result?.max).toBe(18000);
    expect(result?.laborMin).toBe(2800);
    expect(result?.laborMax).toBe(4500);
    expect(result?.finalMin).toBe(14300.25);
    expect(result?.display.total).toBe('$14,300 - $22,500');
    expect(Object.keys(result?.breakdown ?? {})).toEqual(['kitchenSize', 'cabinetLine', 'countertop']);
  });

  it('changes a dependent price when the parent pick changes', () => {
    const small = calculateEstimate(kitchen, pricing, { kitchenSize: 'small', cabinetLine: 'shaker' });
    const large = calculateEstimate(kitchen, pricing, { kitchenSize: 'large', cabinetLine: 'shaker' });
    expect(small?.breakdown.cabinetLine?.min).toBe(8000);
    expect(large?.breakdown.cabinetLine?.min).toBe(14000);
    expect(large?.display.product).toBe('$17,000 - $30,000');
  });

  it('skips a dependent field whose parent is not picked, and picks without a pricing leaf', () => {
    expect(calculateEstimate(kitchen, pricing, { cabinetLine: 'shaker' })).toBeNull();
    expect(calculateEstimate(kitchen, pricing, { kitchenSize: 'medium', countertop: 'granite' })).toBeNull();
    expect(calculateEstimate(kitchen, pricing, { kitchenSize: 'small', cabinetLine: 'slab' })?.breakdown).toEqual({
      kitchenSize: expect.any(Object),
    });
  });

  it('ignores fields not used in the calculation even when pricing exists for them', () => {
    const unpriced = template({ ...size, useInCalculation: false });
    expect(calculateEstimate(unpriced, pricing, { kitchenSize: 'large' })).toBeNull();
  });

  it('follows a dependsOn chain nested level by level', () => {
    const finish: EstimatorField = { name: 'finish', type: 'select', label: 'Finish', useInCalculation: true, dependsOn: 'cabinetLine' };
    const chained = template(size, cabinets, finish);
    const chainPricing: PricingData = {
      ...pricing,
      finish: { large: { shaker: { white: leaf(100, 200, 10, 20) } } },
    };
    const result = calculateEstimate(chained, chainPricing, { kitchenSize: 'large', cabinetLine: 'shaker', finish: 'white' });
    expect(result?.breakdown.finish).toEqual({ min: 100, max: 200, laborMin: 10, laborMax: 20, totalMin: 110, totalMax: 220 });
  });

  it('also reads a chained field nested only under its nearest parent', () => {
    const finish: EstimatorField = { name: 'finish', type: 'select', label: 'Finish', useInCalculation: true, dependsOn: 'cabinetLine' };
    const result = calculateEstimate(template(size, cabinets, finish), { ...pricing, finish: { shaker: { white: leaf(100, 200, 10, 20) } } }, {
      kitchenSize: 'large',
      cabinetLine: 'shaker',
      finish: 'white',
    });
    expect(result?.breakdown.finish?.totalMax).toBe(220);
  });

  it('survives malformed pricing and inherited keys without crashing', () => {
    const broken = { kitchenSize: { small: { price: { min: 'cheap', max: 2 }, labor: { min: 1, max: 2 } } } } as unknown as PricingData;
    expect(calculateEstimate(kitchen, broken, { kitchenSize: 'small' })).toBeNull();
    expect(calculateEstimate(kitchen, pricing, { kitchenSize: 'constructor' })).toBeNull();
    expect(calculateEstimate(kitchen, pricing, { kitchenSize: { nested: true } })).toBeNull();
  });

  it('does not loop on a dependsOn cycle', () => {
    const a: EstimatorField = { name: 'a', type: 'select', label: 'A', useInCalculation: true, dependsOn: 'b' };
    const b: EstimatorField = { name: 'b', type: 'select', label: 'B', useInCalculation: true, dependsOn: 'a' };
    const result = calculateEstimate(template(a, b), { a: { y: { x: leaf(1, 2, 0, 0) } } }, { a: 'x', b: 'y' });
    expect(result?.breakdown.a?.max).toBe(2);
  });
});
