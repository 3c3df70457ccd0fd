// Rules across the product-style catalog that a shape alone cannot express.

/** The style codes the spec lists; each has a detail page. */
export const STYLE_CODES = ['ssw', 'klw', 'cbs', 'clgs', 'cns', 'cws', 'clrs', 'nbs', 'wse', 'grs', 'se', 'ydg', 'yl', 'crtc', 'cstl', 'crs', 'crlt'];

export function checkCatalog(styles, report) {
  if (!Array.isArray(styles)) return;
  const codes = styles.map((s) => s?.name);
  for (const code of STYLE_CODES) if (!codes.includes(code)) report('', `is missing the style code "${code}"`);
  const seenCodes = new Map();
  const skus = new Map();
  const finishHex = new Map();

  styles.forEach((style, i) => {
    if (!style || typeof style !== 'object') return;
    if (typeof style.name === 'string') {
      if (seenCodes.has(style.name)) report(`[${i}].name`, `repeats the style code "${style.name}" of [${seenCodes.get(style.name)}]`);
      else seenCodes.set(style.name, i);
      if (!STYLE_CODES.includes(style.name)) report(`[${i}].name`, `"${style.name}" is not one of the spec's style codes`);
    }
    const finishes = new Map(); // "type/value" -> true
    (Array.isArray(style.finishes) ? style.finishes : []).forEach((group, g) => {
      (Array.isArray(group?.items) ? group.items : []).forEach((f, j) => {
        if (typeof f?.value !== 'string') return;
        const key = `${group.name}/${f.value}`;
        if (finishes.has(key)) report(`[${i}].finishes[${g}].items[${j}].value`, `repeats the finish "${f.value}" in this style`);
        finishes.set(key, false);
        // swatch images are shared by value, so one value must mean one colour everywhere
        const earlier = finishHex.get(f.value);
        if (earlier && typeof f.hex === 'string' && earlier.hex.toLowerCase() !== f.hex.toLowerCase()) {
          report(`[${i}].finishes[${g}].items[${j}].hex`, `is ${f.hex} but the finish "${f.value}" is ${earlier.hex} at ${earlier.at}`);
        } else if (!earlier && typeof f.hex === 'string') finishHex.set(f.value, { hex: f.hex, at: `[${i}].finishes[${g}].items[${j}]` });
        if (typeof style.name === 'string' && f.doorImage && f.doorImage !== `/images/styles/${style.name}-${f.value}.svg`) {
          report(`[${i}].finishes[${g}].items[${j}].doorImage`, `must be /images/styles/${style.name}-${f.value}.svg (the generator draws doors by style and finish)`);
        }
        if (f.image?.src && f.image.src !== `/images/swatches/${f.value}.svg`) {
          report(`[${i}].finishes[${g}].items[${j}].image.src`, `must be /images/swatches/${f.value}.svg`);
        }
      });
    });

    (Array.isArray(style.items) ? style.items : []).forEach((item, j) => {
      if (typeof item?.sku !== 'string') return;
      if (skus.has(item.sku)) report(`[${i}].items[${j}].sku`, `"${item.sku}" is already used at ${skus.get(item.sku)}; SKUs must be unique across the catalog`);
      else skus.set(item.sku, `[${i}].items[${j}]`);
      if (item.isSample) {
        if (!item.finish) report(`[${i}].items[${j}].finish`, 'is required on a sample item (which finish the sample door shows)');
        else {
          const key = `${item.finish.type}/${item.finish.value}`;
          if (!finishes.has(key)) report(`[${i}].items[${j}].finish`, `names "${key}", which is not a finish of this style`);
          else finishes.set(key, true);
        }
      } else if (item.finish) report(`[${i}].items[${j}].finish`, 'is only for sample items (isSample true)');
    });
    for (const [key, hasSample] of finishes) if (!hasSample) report(`[${i}].items`, `has no sample item for the finish "${key}"`);
    if (Array.isArray(style.images) && !style.images.some((img) => img?.type === 'base')) report(`[${i}].images`, 'needs one image of type "base"');
    checkSpecs(style, i, report);
  });
}

/** The spec named assembly-videos lists videos (with a thumbnail size); every other spec lists props. */
export const ASSEMBLY_VIDEOS_SPEC = 'assembly-videos';

function checkSpecs(style, i, report) {
  const specs = Array.isArray(style.specifications?.specs) ? style.specifications.specs : [];
  const names = new Map();
  specs.forEach((spec, j) => {
    if (!spec || typeof spec !== 'object') return;
    const at = `[${i}].specifications.specs[${j}]`;
    if (typeof spec.name === 'string') {
      if (names.has(spec.name)) report(`${at}.name`, `repeats the spec "${spec.name}" of specs[${names.get(spec.name)}]`);
      else names.set(spec.name, j);
    }
    const props = Array.isArray(spec.props) ? spec.props : [];
    const options = spec.options && typeof spec.options === 'object' ? spec.options : {};
    if (spec.name === ASSEMBLY_VIDEOS_SPEC) {
      if (!Array.isArray(spec.videos) || spec.videos.length === 0) report(`${at}.videos`, 'is required on the assembly-videos spec (at least one video)');
      for (const key of ['width', 'height']) if (options[key] === undefined) report(`${at}.options.${key}`, 'is required on the assembly-videos spec (the thumbnail size)');
      (Array.isArray(spec.videos) ? spec.videos : []).forEach((video, k) => {
        if (video && typeof video === 'object' && !video.youtubeId === !video.src) report(`${at}.videos[${k}]`, 'needs exactly one of youtubeId or src');
      });
      if (options.format !== undefined) report(`${at}.options.format`, 'does not apply to the assembly-videos spec (it shows videos)');
    } else {
      if (props.length === 0) report(`${at}.props`, 'must have at least 1 entry');
      if (spec.videos !== undefined) report(`${at}.videos`, `is only for the spec named "${ASSEMBLY_VIDEOS_SPEC}"`);
      for (const key of ['width', 'height', 'playIcon']) {
        if (options[key] !== undefined) report(`${at}.options.${key}`, `is only for the spec named "${ASSEMBLY_VIDEOS_SPEC}"`);
      }
    }
  });
}

/** A style's label as a filter value: "Best Seller" -> "best-seller" (the API derives it the same way). */
export const labelValue = (label) => String(label).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** Query parameters the listing reads itself; a filter may not take one of these names. */
const LISTING_PARAMETERS = ['page', 'pageSize', 'sort'];

/**
 * The catalog listing's filters (catalogs/listing-filters.json) against the styles: filter names and
 * option values unique, and every style's facet values (door style, finish colour family, finish
 * type, label) an option of its filter, so a shopper never meets a style no filter can find.
 */
export function checkListingFilters(listing, styles, reportFilters, reportStyles) {
  if (!listing || !Array.isArray(listing.filters)) return;
  const optionsByField = new Map();
  const names = new Set();
  listing.filters.forEach((filter, f) => {
    if (!filter || typeof filter !== 'object') return;
    if (LISTING_PARAMETERS.includes(filter.value)) reportFilters(`filters[${f}].value`, `"${filter.value}" is a listing parameter of its own (${LISTING_PARAMETERS.join(', ')})`);
    if (names.has(filter.value)) reportFilters(`filters[${f}].value`, `repeats the filter "${filter.value}"`);
    names.add(filter.value);
    if (optionsByField.has(filter.field)) reportFilters(`filters[${f}].field`, `"${filter.field}" already has a filter`);
    const values = new Set();
    (Array.isArray(filter.options) ? filter.options : []).forEach((option, o) => {
      if (values.has(option?.value)) reportFilters(`filters[${f}].options[${o}].value`, `repeats the option "${option.value}"`);
      values.add(option?.value);
    });
    optionsByField.set(filter.field, values);
  });
  if (!Array.isArray(styles)) return;
  const check = (field, value, at) => {
    const options = optionsByField.get(field);
    if (options && !options.has(value)) {
      reportStyles(at, `"${value}" is not an option of the ${field} filter in catalogs/listing-filters.json (${[...options].join(', ')})`);
    }
  };
  const colorByFinish = new Map();
  styles.forEach((style, i) => {
    if (!style || typeof style !== 'object') return;
    if (typeof style.doorStyle === 'string') check('doorStyle', style.doorStyle, `[${i}].doorStyle`);
    if (typeof style.addedOn === 'string' && Number.isNaN(Date.parse(`${style.addedOn}T00:00:00Z`))) reportStyles(`[${i}].addedOn`, `"${style.addedOn}" is not a real date`);
    if (typeof style.label === 'string') check('label', labelValue(style.label), `[${i}].label`);
    (Array.isArray(style.labels) ? style.labels : []).forEach((label, l) => check('label', labelValue(label), `[${i}].labels[${l}]`));
    (Array.isArray(style.finishes) ? style.finishes : []).forEach((group, g) => {
      if (typeof group?.name === 'string') check('finishType', group.name, `[${i}].finishes[${g}].name`);
      (Array.isArray(group?.items) ? group.items : []).forEach((finish, j) => {
        if (typeof finish?.colorFamily !== 'string') return;
        const at = `[${i}].finishes[${g}].items[${j}].colorFamily`;
        check('colorFamily', finish.colorFamily, at);
        // one finish value, one colour everywhere (as with hex)
        const earlier = colorByFinish.get(finish.value);
        if (earlier && earlier.family !== finish.colorFamily) reportStyles(at, `is "${finish.colorFamily}" but the finish "${finish.value}" is "${earlier.family}" at ${earlier.at}`);
        else if (!earlier) colorByFinish.set(finish.value, { family: finish.colorFamily, at });
      });
    });
  });
}
