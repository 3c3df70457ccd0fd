import {
  type CategorySampleDoor,
  type ProductCategoryDetail,
  type ProductCategoryRecord,
  type ProductCategorySummary,
  productCategoryPath,
  productStylePath,
} from '@storefront/contracts';
import { catalogRows } from '../catalog/catalog-rows.js';

/** Every answer of the category API, built once from categories.json and the catalog. */
export interface CategoryIndex {
  summaries: ProductCategorySummary[];
  details: Map<string, ProductCategoryDetail>;
}

/**
 * Categories with their styles' cards and sample doors. A category's slug is a door style, so its
 * styles are those whose `doorStyle` matches (read through the catalog's own row builder, so cards
 * look like the listing's). The categories are checked against their content-file schema when the
 * store reads them; a catalog that cannot be read leaves every category without styles.
 */
export function buildCategoryIndex(list: readonly ProductCategoryRecord[], styles: unknown): CategoryIndex {
  const rows = catalogRows(styles);
  const finishes = new Map(rows.finishes.map((finish) => [`${finish.style_code}/${finish.type}/${finish.value}`, finish]));

  const summaries: ProductCategorySummary[] = list.map((record) => ({
    slug: record.slug,
    title: record.title,
    description: record.description,
    image: record.image,
    icon: record.icon,
    path: productCategoryPath(record.slug),
    styleCount: rows.styles.filter((style) => style.door_style === record.slug).length,
  }));

  const details = new Map<string, ProductCategoryDetail>();
  list.forEach((record, index) => {
    const styleRows = rows.styles.filter((style) => style.door_style === record.slug);
    const titles = new Map(styleRows.map((style) => [style.code, style.title]));
    const samples: CategorySampleDoor[] = rows.items
      .filter((item) => item.is_sample && titles.has(item.style_code))
      .map((item) => {
        const finish = item.finish_type && item.finish_value ? finishes.get(`${item.style_code}/${item.finish_type}/${item.finish_value}`) : undefined;
        return {
          sku: item.sku,
          name: item.name,
          price: item.price,
          finish: finish ? { type: finish.type, value: finish.value, label: finish.label, hex: finish.hex } : null,
          image: finish?.door_image ?? finish?.swatch_image ?? null,
          styleCode: item.style_code,
          styleTitle: titles.get(item.style_code) ?? item.style_code,
          path: productStylePath(item.style_code, finish ? { type: finish.type, value: finish.value } : undefined),
        };
      });
    // The showcase does not wrap: the first category has no previous one, the last no next one.
    details.set(record.slug, {
      category: { ...record, path: productCategoryPath(record.slug) },
      styles: styleRows.map((style) => style.card),
      samples,
      previous: summaries[index - 1] ?? null,
      next: summaries[index + 1] ?? null,
    });
  });
  return { summaries, details };
}
