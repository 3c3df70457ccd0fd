// Form rules: unique field names (nested groups and every step included), options where needed, sane
// lengths, hideWhen and dependsOn naming fields of the same form, dynamic options chained the way the
// location data is (states depend on a countries field, cities on a states field).

const FILE_LAYOUTS = ['drag-&-drop', 'file-input'];
const RADIO_LAYOUTS = ['radio', 'button', 'card'];
const PARENT_SOURCE = { states: 'countries', cities: 'states' };

export function checkForm(form, fileName, report) {
  if (!form || typeof form !== 'object') return;
  if (typeof form.name === 'string' && form.name !== fileName) report('name', `is "${form.name}" but the file is ${fileName}.json`);
  const steps = Array.isArray(form.steps) ? form.steps : [];
  const fieldLists = [['fields', form.fields], ...steps.map((step, i) => [`steps[${i}].fields`, step?.fields])];
  if (fieldLists.every(([, fields]) => !Array.isArray(fields) || fields.length === 0)) report('fields', 'a form needs fields or steps with fields');

  const byName = new Map(fieldLists.flatMap(([, fields]) => flatFields(fields)).map((field) => [field.name, field]));
  const names = new Map();
  const walk = (fields, base) => {
    (Array.isArray(fields) ? fields : []).forEach((field, i) => {
      const p = `${base}[${i}]`;
      if (!field || typeof field !== 'object') return;
      if (typeof field.name === 'string') {
        if (names.has(field.name)) report(`${p}.name`, `"${field.name}" is already used at ${names.get(field.name)}; field names must be unique in a form`);
        else names.set(field.name, p);
      }
      if (['select', 'radio', 'checkbox-group'].includes(field.type) && !Array.isArray(field.options) && !field.dynamicOptions) report(`${p}.options`, `is required for a ${field.type} field`);
      if (field.type === 'group' && !Array.isArray(field.fields)) report(`${p}.fields`, 'is required for a group field');
      if (typeof field.minLength === 'number' && typeof field.maxLength === 'number' && field.minLength > field.maxLength) {
        report(`${p}.minLength`, `(${field.minLength}) must not be above maxLength (${field.maxLength})`);
      }
      const hideWhens = [field.hideWhen, ...(Array.isArray(field.options) ? field.options.map((o) => o?.hideWhen) : [])].filter(Boolean);
      for (const hideWhen of hideWhens) {
        if (hideWhen.field && !byName.has(hideWhen.field)) report(`${p}.hideWhen.field`, `names "${hideWhen.field}", which is not a field of this form`);
      }
      if (field.dependsOn && !byName.has(field.dependsOn)) report(`${p}.dependsOn`, `names "${field.dependsOn}", which is not a field of this form`);
      if (field.dynamicOptions && field.type !== 'select') report(`${p}.dynamicOptions`, 'is only for select fields');
      const parentSource = PARENT_SOURCE[field.dynamicOptions];
      if (parentSource) {
        const parent = byName.get(field.dependsOn);
        if (!parent || parent.dynamicOptions !== parentSource) report(`${p}.dependsOn`, `a ${field.dynamicOptions} field must depend on a field with dynamicOptions "${parentSource}"`);
      }
      if (field.type === 'file' && field.layout && !FILE_LAYOUTS.includes(field.layout)) report(`${p}.layout`, `must be one of ${FILE_LAYOUTS.join(', ')} for a file field`);
      if (field.type === 'radio' && field.layout && !RADIO_LAYOUTS.includes(field.layout)) report(`${p}.layout`, `must be one of ${RADIO_LAYOUTS.join(', ')} for a radio field`);
      walk(field.fields, `${p}.fields`);
    });
  };
  for (const [base, fields] of fieldLists) walk(fields, base);
}

function flatFields(fields) {
  return (Array.isArray(fields) ? fields : []).flatMap((f) => (f && typeof f === 'object' ? [f, ...flatFields(f.fields)] : [])).filter((f) => typeof f.name === 'string');
}
