import type { EstimatorField, EstimatorGroup, FormField, FormValues, PriceResult } from '@storefront/contracts';
import { hasPrice } from '@storefront/estimator-pricing';

/** Estimator fields follow the generic form rules (required, e-mail, number), so they share the schema. */
export function toFormField(field: EstimatorField): FormField {
  return { name: field.name, type: field.type, label: field.label, required: field.required, options: field.options };
}

/** Next validates every field of the groups up to and including the current one (spec 4). */
export function fieldNamesThrough(groups: readonly EstimatorGroup[], currentIndex: number): string[] {
  return groups.slice(0, currentIndex + 1).flatMap((group) => group.fields.map((field) => field.name));
}

/** The group Next opens: the one its action targets (by name, "#name" or a path ending in it), else the following one. */
export function nextGroupIndex(groups: readonly EstimatorGroup[], currentIndex: number): number | undefined {
  const target = groups[currentIndex]?.actions?.next?.target;
  if (target) {
    const key = target.replace(/^.*[#/]/, '');
    const found = groups.findIndex((group) => group.name === key);
    if (found !== -1) return found;
  }
  return currentIndex + 1 < groups.length ? currentIndex + 1 : undefined;
}

/** What is open on load and after Reset: the first accordion group (spec 4). */
export function initialOpenGroups(groups: readonly EstimatorGroup[]): ReadonlySet<string> {
  const first = groups.find((group) => group.layout !== 'popup');
  return new Set(first ? [first.name] : []);
}

export function groupOfField(groups: readonly EstimatorGroup[], fieldName: string): EstimatorGroup | undefined {
  return groups.find((group) => group.fields.some((field) => field.name === fieldName));
}

/**
 * After a failed Next, Email or PDF: every accordion group holding an error opens (the others stay as
 * they were). A popup stays open only when the first error is in it: otherwise it would cover the error
 * the page scrolls to. `errorFields` are in form order.
 */
export function openAfterFailure(groups: readonly EstimatorGroup[], open: ReadonlySet<string>, errorFields: readonly string[]): ReadonlySet<string> {
  const layoutOf = (name: string) => groups.find((group) => group.name === name)?.layout;
  const next = new Set([...open].filter((name) => layoutOf(name) !== 'popup'));
  for (const fieldName of errorFields) {
    const group = groupOfField(groups, fieldName);
    if (group && group.layout !== 'popup') next.add(group.name);
  }
  const first = errorFields[0] === undefined ? undefined : groupOfField(groups, errorFields[0]);
  if (first?.layout === 'popup') next.add(first.name);
  return next;
}

function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value === true || typeof value === 'number';
}

/** Download PDF is offered only when a price exists and any value is filled (spec 4 Print). */
export function canPrint(price: PriceResult | null, values: FormValues): boolean {
  return hasPrice(price) && Object.values(values).some(isFilled);
}
