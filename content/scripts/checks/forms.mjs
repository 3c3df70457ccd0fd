// Form rules: unique field names (nested groups included), options where needed, sane lengths.

export function checkForm(form, fileName, report) {
  if (!form || typeof form !== 'object') return;
  if (typeof form.name === 'string' && form.name !== fileName) report('name', `is "${form.name}" but the file is ${fileName}.json`);
  const names = new Map();
  const walk = (fields, base) => {
    (Array.isArray(fields) ? fields : []).forEach((field, i) => {
      const p = `${base}[${i}]`;
      if (!field || typeof field !== 'object') return;
      if (typeof field.name === 'string') {
        if (names.has(field.name)) report(`${p}.name`, `"${field.name}" is already used at ${names.get(field.name)}; field names must be unique in a form`);
        else names.set(field.name, p);
      }
      if (['select', 'radio', 'checkbox-group'].includes(field.type) && !Array.isArray(field.options)) report(`${p}.options`, `is required for a ${field.type} field`);
      if (field.type === 'group' && !Array.isArray(field.fields)) report(`${p}.fields`, 'is required for a group field');
      if (typeof field.minLength === 'number' && typeof field.maxLength === 'number' && field.minLength > field.maxLength) {
        report(`${p}.minLength`, `(${field.minLength}) must not be above maxLength (${field.maxLength})`);
      }
      if (field.hideWhen?.field && !flatNames(form.fields).includes(field.hideWhen.field)) report(`${p}.hideWhen.field`, `names "${field.hideWhen.field}", which is not a field of this form`);
      walk(field.fields, `${p}.fields`);
    });
  };
  walk(form.fields, 'fields');
}

function flatNames(fields) {
  return (Array.isArray(fields) ? fields : []).flatMap((f) => [f?.name, ...flatNames(f?.fields)]).filter(Boolean);
}
