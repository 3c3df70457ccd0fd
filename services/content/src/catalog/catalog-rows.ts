import type { CatalogFacetField, FinishSwatch, ImageRef, ProductStyle, ProductStyleCard } from '@storefront/contracts';
import { productStylePath } from '@storefront/contracts';
import { isSafeContentName } from '@storefront/site-config';

/** Styles without a date are stored with this one (added_on is NOT NULL), so they sort as the oldest. */
export const UNDATED = '1970-01-01';

export interface StyleRow {
  code: string;
  position: number;
  category: string | null;
  title: string;
  title_sort: string;
  description: string;
  short_description: string;
  labels: string[];
  door_style: string | null;
  added_on: string;
  card_image: ImageRef | null;
  facet_values: string[];
  /**
   * Always empty: the column (NOT NULL, from the migration) held per-filter option bits for SQL facet
   * counts; the listing now counts in the service's index (listing-index.ts).
   */
  facet_bits: string[];
  card: ProductStyleCard;
  document: ProductStyle;
}

export interface FinishRow {
  style_code: string;
  type: string;
  group_label: string;
  value: string;
  label: string;
  hex: string;
  color_family: string | null;
  swatch_image: string | null;
  door_image: string | null;
  position: number;
}

export interface ItemRow {
  sku: string;
  style_code: string;
  name: string;
  price: number;
  weight: number | null;
  is_sample: boolean;
  finish_type: string | null;
  finish_value: string | null;
  position: number;
}

export interface CatalogRows {
  styles: StyleRow[];
  finishes: FinishRow[];
  items: ItemRow[];
  /** what was left out and why, for the start-up log */
  skipped: string[];
}

/** A label as a filter value: "Best Seller" -> "best-seller" (content/scripts/checks/catalog.mjs labelValue). */
export function labelValue(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** The facet_values entry of one field's value. */
export function facetValue(field: CatalogFacetField, value: string): string {
  return `${field}:${value}`;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function styleLabels(style: ProductStyle): string[] {
  const labels = [style.label, ...(Array.isArray(style.labels) ? style.labels : [])].filter((l): l is string => text(l) !== null);
  return [...new Set(labels)];
}

/**
 * The catalog tables' rows from product-styles.json. Tolerant: a style without a code or title is
 * skipped (and named in `skipped`), missing facets are simply absent, a SKU seen before is dropped —
 * the content check is where such data is refused; the service keeps serving what is usable.
 */
export function catalogRows(input: unknown): CatalogRows {
  const rows: CatalogRows = { styles: [], finishes: [], items: [], skipped: [] };
  if (!Array.isArray(input)) {
    rows.skipped.push('product-styles.json is not a list');
    return rows;
  }
  const codes = new Set<string>();
  const skus = new Set<string>();
  input.forEach((candidate, index) => {
    const style = candidate as ProductStyle;
    const code = text(style?.name);
    const title = text(style?.title);
    if (!code || !title || !isSafeContentName(code)) {
      rows.skipped.push(`[${index}] has no usable code (name) or title`);
      return;
    }
    if (codes.has(code)) {
      rows.skipped.push(`[${index}] repeats the style code "${code}"`);
      return;
    }
    codes.add(code);
    const path = productStylePath(code);
    const labels = styleLabels(style);
    const doorStyle = text(style.doorStyle);
    const addedOn = typeof style.addedOn === 'string' && DATE.test(style.addedOn) && !Number.isNaN(Date.parse(style.addedOn)) ? style.addedOn : null;
    const images = Array.isArray(style.images) ? style.images : [];
    const image = images.find((candidateImage) => candidateImage?.type === 'base') ?? images[0] ?? null;

    const facets = new Set<string>();
    if (doorStyle) facets.add(facetValue('doorStyle', doorStyle));
    for (const label of labels) facets.add(facetValue('label', labelValue(label)));

    const swatches: FinishSwatch[] = [];
    const finishKeys = new Set<string>();
    (Array.isArray(style.finishes) ? style.finishes : []).forEach((group) => {
      const type = text(group?.name);
      if (!type) return;
      facets.add(facetValue('finishType', type));
      (Array.isArray(group.items) ? group.items : []).forEach((finish) => {
        const value = text(finish?.value);
        if (!value || finishKeys.has(`${type}/${value}`)) return;
        finishKeys.add(`${type}/${value}`);
        const colorFamily = text(finish.colorFamily);
        if (colorFamily) facets.add(facetValue('colorFamily', colorFamily));
        const label = text(finish.label) ?? value;
        const hex = text(finish.hex) ?? '#000000';
        const swatchImage = text(finish.image?.src);
        rows.finishes.push({
          style_code: code,
          type,
          group_label: text(group.group) ?? type,
          value,
          label,
          hex,
          color_family: colorFamily,
          swatch_image: swatchImage,
          door_image: text(finish.doorImage),
          position: rows.finishes.length,
        });
        swatches.push({
          type,
          value,
          label,
          hex,
          image: swatchImage ?? '',
        });
      });
    });

    (Array.isArray(style.items) ? style.items : []).forEach((item) => {
      const sku = text(item?.sku);
      const name = text(item?.name);
      if (!sku || !name || typeof item.price !== 'number' || !Number.isFinite(item.price) || skus.has(sku)) return;
      skus.add(sku);
      rows.items.push({
        sku,
        style_code: code,
        name,
        price: item.price,
        weight: typeof item.weight === 'number' && Number.isFinite(item.weight) ? item.weight : null,
        is_sample: item.isSample === true,
        finish_type: text(item.finish?.type),
        finish_value: text(item.finish?.value),
        position: rows.items.length,
      });
    });

    const card: ProductStyleCard = {
      code,
      title,
      path,
      image,
      shortDescription: text(style.shortDescription) ?? '',
      label: labels[0] ?? null,
      labels,
      doorStyle,
      addedOn,
      swatches,
    };
    rows.styles.push({
      code,
      position: rows.styles.length,
      category: text(style.category),
      title,
      title_sort: title.toLowerCase(),
      description: text(style.description) ?? '',
      short_description: card.shortDescription,
      labels,
      door_style: doorStyle,
      added_on: addedOn ?? UNDATED,
      card_image: image,
      facet_values: [...facets],
      facet_bits: [],
      card,
      document: style,
    });
  });
  return rows;
}
