import type { EstimatorField, EstimatorSummaryConfig, EstimatorTemplate, PriceResult } from '@storefront/contracts';
import { formatPriceRange, sumDollars } from '@storefront/money';
import { estimatorFields, type EstimateValues } from './calculate-estimate.js';

/** One line of the estimate as the shopper sees it (summary, e-mail, PDF). */
export interface EstimateRow {
  label: string;
  value: string;
}

export interface EstimateSection {
  label: string;
  rows: EstimateRow[];
}

/**
 * The form's starting values: each field's defaultValue (a checkbox's "true" ticks it), else empty.
 * A priced default shows a price on load.
 */
export function defaultEstimateValues(template: EstimatorTemplate): EstimateValues {
  const values: EstimateValues = {};
  for (const field of estimatorFields(template)) {
    values[field.name] = field.type === 'checkbox' ? field.defaultValue === 'true' : (field.defaultValue ?? '');
  }
  return values;
}

/** The short name the estimate uses for a field: its customLabel, else its label. */
export function fieldDisplayLabel(field: EstimatorField): string {
  return field.customLabel?.trim() || field.label;
}

/**
 * A picked value in words: the option's customLabel, else its label; a ticked box "Yes"; typed text as
 * typed. Undefined when nothing is picked.
 */
export function selectionText(field: EstimatorField, value: unknown): string | undefined {
  if (field.type === 'checkbox') return value === true || value === 'true' ? 'Yes' : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (text === '') return undefined;
  const option = field.options?.find((candidate) => candidate.value === text);
  if (option) return option.customLabel?.trim() || option.label;
  return field.options?.length ? undefined : text;
}

export interface SelectionOptions {
  /** leave out fields marked hideInPDF (the PDF does; the e-mail and the stored data keep them) */
  forPdf?: boolean;
}

/** Every answered question in template order, labelled for people. */
export function selectionRows(template: EstimatorTemplate, values: EstimateValues, options: SelectionOptions = {}): EstimateRow[] {
  return estimatorFields(template).flatMap((field) => {
    if (options.forPdf && field.hideInPDF) return [];
    const value = selectionText(field, values[field.name]);
    return value === undefined ? [] : [{ label: fieldDisplayLabel(field), value }];
  });
}

/** The summary's breakdown sections: an item adds up the totals of its fields; unpriced items are left out. */
export function breakdownSections(summary: EstimatorSummaryConfig, price: PriceResult): EstimateSection[] {
  return summary.breakdowns
    .map((section) => ({
      label: section.label,
      rows: section.items.flatMap((item) => {
        const parts = item.fields.map((name) => price.breakdown[name]).filter((part) => part !== undefined);
        if (parts.length === 0) return [];
        const min = sumDollars(parts.map((part) => part.totalMin));
        const max = sumDollars(parts.map((part) => part.totalMax));
        return [{ label: item.label, value: formatPriceRange(min, max) }];
      }),
    }))
    .filter((section) => section.rows.length > 0);
}

/** Product, labor and grand totals under the summary's own labels. */
export function totalRows(summary: EstimatorSummaryConfig, price: PriceResult): EstimateRow[] {
  return [
    { label: summary.productTotal.label, value: price.display.product },
    { label: summary.laborTotal.label, value: price.display.labor },
    { label: summary.grandTotal.label, value: price.display.total },
  ];
}

/** Every row the summary shows, flat: what the estimator sends as `summary` with a submission. */
export function summaryRows(summary: EstimatorSummaryConfig, price: PriceResult | null): EstimateRow[] {
  if (price === null) return [];
  return [...breakdownSections(summary, price).flatMap((section) => section.rows), ...totalRows(summary, price)];
}

/**
 * A price worth showing: something priced above zero is picked. A default such as "No lighting" ($0)
 * alone still reads "Make selections to see pricing", not "$0 - $0".
 */
export function hasPrice(price: PriceResult | null): price is PriceResult {
  return price !== null && price.finalMax > 0;
}
