import type {
  EstimatorField,
  EstimatorTemplate,
  FieldPriceBreakdown,
  PriceBand,
  PriceResult,
  PricingData,
  PricingLeaf,
  PricingNode,
} from '@storefront/contracts';
import { formatPriceRange, sumDollars } from '@storefront/money';

export type EstimateValues = Record<string, unknown>;

function isPriceBand(value: unknown): value is PriceBand {
  if (typeof value !== 'object' || value === null) return false;
  const band = value as Record<string, unknown>;
  return typeof band.min === 'number' && typeof band.max === 'number' && Number.isFinite(band.min) && Number.isFinite(band.max);
}

export function isPricingLeaf(node: unknown): node is PricingLeaf {
  if (typeof node !== 'object' || node === null) return false;
  const leaf = node as Record<string, unknown>;
  return isPriceBand(leaf.price) && isPriceBand(leaf.labor);
}

/** A picked value as a pricing key; nothing picked -> undefined. */
function selectedKey(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '' || value === false) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Follows pricing keys one by one; any missing step means "no price". */
function walk(root: PricingNode | undefined, keys: readonly string[]): PricingLeaf | undefined {
  let node: PricingNode | PricingLeaf | undefined = root;
  for (const key of keys) {
    if (node === undefined || isPricingLeaf(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return isPricingLeaf(node) ? node : undefined;
}

/**
 * The values of the fields this one depends on, nearest last: C dependsOn B dependsOn A -> [a, b].
 * Undefined when one of them is not picked yet (the price cannot be known).
 */
function dependencyKeys(field: EstimatorField, fieldsByName: ReadonlyMap<string, EstimatorField>, values: EstimateValues): string[] | undefined {
  const keys: string[] = [];
  const seen = new Set<string>([field.name]);
  let parentName = field.dependsOn;
  while (parentName !== undefined) {
    if (seen.has(parentName)) break; // a cycle in the template: stop rather than loop forever
    seen.add(parentName);
    const key = selectedKey(values[parentName]);
    if (key === undefined) return undefined;
    keys.unshift(key);
    parentName = fieldsByName.get(parentName)?.dependsOn;
  }
  return keys;
}

/**
 * The price leaf for one field's picked value. Pricing data nests a dependent field under the value of
 * the field it depends on: pricing[field][parentValue][value]. When the parent itself depends on
 * another field, data may nest the whole chain (pricing[field][a][b][value]); both are looked up.
 */
export function findPricingLeaf(
  field: EstimatorField,
  pricing: PricingData,
  values: EstimateValues,
  fieldsByName: ReadonlyMap<string, EstimatorField> = new Map(),
): PricingLeaf | undefined {
  const value = selectedKey(values[field.name]);
  if (value === undefined) return undefined;
  const root = Object.hasOwn(pricing, field.name) ? pricing[field.name] : undefined;
  if (field.dependsOn === undefined) return walk(root, [value]);
  const chain = dependencyKeys(field, fieldsByName, values);
  if (chain === undefined) return undefined;
  const nearestParent = chain[chain.length - 1] as string;
  return walk(root, [...chain, value]) ?? walk(root, [nearestParent, value]);
}

function breakdownOf(leaf: PricingLeaf): FieldPriceBreakdown {
  return {
    min: leaf.price.min,
    max: leaf.price.max,
    laborMin: leaf.labor.min,
    laborMax: leaf.labor.max,
    totalMin: sumDollars([leaf.price.min, leaf.labor.min]),
    totalMax: sumDollars([leaf.price.max, leaf.labor.max]),
  };
}

export function estimatorFields(template: EstimatorTemplate): EstimatorField[] {
  return template.groups.flatMap((group) => group.fields);
}

/**
 * The live estimate: every field used in the calculation with a picked value adds its product and
 * labor range. Null while nothing priced is picked, so the page can say "Make selections to see pricing".
 */
export function calculateEstimate(template: EstimatorTemplate, pricing: PricingData, values: EstimateValues): PriceResult | null {
  const fields = estimatorFields(template);
  const fieldsByName = new Map(fields.map((field) => [field.name, field]));
  const breakdown: Record<string, FieldPriceBreakdown> = {};
  for (const field of fields) {
    if (!field.useInCalculation) continue;
    const leaf = findPricingLeaf(field, pricing, values, fieldsByName);
    if (leaf) breakdown[field.name] = breakdownOf(leaf);
  }
  const parts = Object.values(breakdown);
  if (parts.length === 0) return null;

  const min = sumDollars(parts.map((part) => part.min));
  const max = sumDollars(parts.map((part) => part.max));
  const laborMin = sumDollars(parts.map((part) => part.laborMin));
  const laborMax = sumDollars(parts.map((part) => part.laborMax));
  const finalMin = sumDollars([min, laborMin]);
  const finalMax = sumDollars([max, laborMax]);
  return {
    min,
    max,
    laborMin,
    laborMax,
    finalMin,
    finalMax,
    display: {
      product: formatPriceRange(min, max),
      labor: formatPriceRange(laborMin, laborMax),
      total: formatPriceRange(finalMin, finalMax),
    },
    breakdown,
  };
}
