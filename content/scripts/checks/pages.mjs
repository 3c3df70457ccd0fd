// Page rules: unique block ids, one high-priority banner first, placeholders that resolve.

/** {{dotted.path}} placeholders are resolved against { site: SiteSettings } by the content service. */
export function checkPlaceholders(value, path, root, report) {
  if (typeof value === 'string') {
    for (const [, expr] of value.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) {
      const resolved = expr.split('.').reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), root);
      if (resolved === undefined || typeof resolved === 'object') report(path, `uses {{${expr}}}, which does not name a text value of the site data`);
    }
  } else if (Array.isArray(value)) value.forEach((v, i) => checkPlaceholders(v, `${path}[${i}]`, root, report));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) checkPlaceholders(v, path ? `${path}.${k}` : k, root, report);
  }
}

export function checkPage(page, fileSlug, report) {
  if (!page || typeof page !== 'object') return;
  if (typeof page.slug === 'string' && page.slug !== fileSlug) report('slug', `is "${page.slug}" but the file is ${fileSlug}.json`);
  const ids = new Map();
  (Array.isArray(page.blocks) ? page.blocks : []).forEach((block, i) => {
    if (typeof block?.id !== 'string') return;
    if (ids.has(block.id)) report(`blocks[${i}].id`, `"${block.id}" is already used by blocks[${ids.get(block.id)}]; block ids must be unique in a page`);
    else ids.set(block.id, i);
    if (block.priority === true && i !== 0) report(`blocks[${i}].priority`, 'only the first block may load with high priority');
  });
}

/**
 * A booking-calendar block posts to /api/forms/<formName>, a form block draws that form: it must exist
 * (a typo would lose bookings, or show an empty block). A booking calendar's form must take bookings
 * (config.booking), or the forms service has no slots to offer for it.
 * `forms`: file name (appointment.json) -> its parsed content.
 */
export function checkBookingForms(pages, forms, problems) {
  for (const { rel, page } of pages) {
    (Array.isArray(page?.blocks) ? page.blocks : []).forEach((block, i) => {
      if ((block?.type !== 'booking-calendar' && block?.type !== 'form') || typeof block.formName !== 'string') return;
      if (!forms.has(`${block.formName}.json`)) problems.add(rel, `blocks[${i}].formName`, `names no form in forms/ ("${block.formName}")`);
      else if (block.type === 'booking-calendar' && !forms.get(`${block.formName}.json`)?.config?.booking) {
        problems.add(rel, `blocks[${i}].formName`, `names a form without config.booking ("${block.formName}"): the calendar would have no slots`);
      }
    });
  }
}
