// Product categories (catalogs/categories.json) against the catalog: a category is a door-style family,
// so its slug must be a doorStyle option of catalogs/listing-filters.json (its styles and sample doors
// are found by that value, never copied), slugs are unique, and every door style has its category.

/** listing: catalogs/listing-filters.json; styles: catalogs/product-styles.json. */
export function checkCategories(categories, listing, styles, report) {
  if (!Array.isArray(categories)) return;
  const doorStyles = (Array.isArray(listing?.filters) ? listing.filters : []).find((filter) => filter?.field === 'doorStyle');
  const options = new Set((Array.isArray(doorStyles?.options) ? doorStyles.options : []).map((option) => option?.value));
  const seen = new Set();
  categories.forEach((category, i) => {
    if (!category || typeof category !== 'object' || typeof category.slug !== 'string') return;
    if (seen.has(category.slug)) report(`[${i}].slug`, `repeats the category "${category.slug}"`);
    seen.add(category.slug);
    if (doorStyles && !options.has(category.slug)) {
      report(`[${i}].slug`, `"${category.slug}" is not a doorStyle option of catalogs/listing-filters.json (${[...options].join(', ')})`);
    }
    const hasStyle = Array.isArray(styles) && styles.some((style) => style?.doorStyle === category.slug);
    if (Array.isArray(styles) && !hasStyle) report(`[${i}].slug`, `no style in catalogs/product-styles.json has the door style "${category.slug}"`);
  });
  for (const option of options) if (!seen.has(option)) report('', `has no category for the door style "${option}" (catalogs/listing-filters.json)`);
}
