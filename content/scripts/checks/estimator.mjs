// Estimator rules: the template and its pricing data agree, following each field's dependsOn chain.
import { contentProblems, pricingLeafSchema } from '@storefront/contracts/content-files';
import { joinPath } from './problems.mjs';

export function checkEstimator(template, pricing, fileName, report, reportPricing) {
  if (!template || typeof template !== 'object' || !Array.isArray(template.groups)) return;
  if (template.name !== fileName) report('name', `is "${template.name}" but the file is ${fileName}.json`);
  const fields = new Map();
  const groupNames = template.groups.map((g) => g?.name);
  template.groups.forEach((group, g) => {
    (Array.isArray(group?.fields) ? group.fields : []).forEach((field, f) => {
      const p = `groups[${g}].fields[${f}]`;
      if (typeof field?.name !== 'string') return;
      if (fields.has(field.name)) report(`${p}.name`, `"${field.name}" is already used at ${fields.get(field.name).path}`);
      else fields.set(field.name, { ...field, path: p });
      if (['select', 'radio'].includes(field.type) && !Array.isArray(field.options)) report(`${p}.options`, `is required for a ${field.type} field`);
    });
    const target = group?.actions?.next?.target;
    if (target && !groupNames.includes(target)) report(`groups[${g}].actions.next.target`, `names "${target}", which is not a group of this template`);
  });
  (template.summary?.breakdowns ?? []).forEach((b, i) =>
    (b?.items ?? []).forEach((item, j) =>
      (item?.fields ?? []).forEach((name, k) => {
        if (!fields.has(name)) report(`summary.breakdowns[${i}].items[${j}].fields[${k}]`, `names "${name}", which is not a field of this template`);
      }),
    ),
  );
  if (!pricing || typeof pricing !== 'object') return;

  for (const field of fields.values()) {
    if (!field.useInCalculation) continue;
    const values = (field.options ?? []).map((o) => o.value);
    const node = pricing[field.name];
    if (!node || typeof node !== 'object') {
      reportPricing(field.name, `is missing: the field "${field.name}" is used in the calculation`);
      continue;
    }
    const chain = [];
    for (let parent = field.dependsOn; parent; parent = fields.get(parent)?.dependsOn) {
      if (!fields.has(parent)) {
        report(`${field.path}.dependsOn`, `names "${parent}", which is not a field of this template`);
        break;
      }
      if (chain.includes(parent)) {
        report(`${field.path}.dependsOn`, 'forms a loop');
        break;
      }
      chain.unshift(parent);
    }
    // walk pricing[field][grandparentValue][parentValue][value]
    const walk = (current, depth, path) => {
      const levelValues = depth < chain.length ? (fields.get(chain[depth])?.options ?? []).map((o) => o.value) : values;
      for (const v of levelValues) {
        const p = `${path}.${v}`;
        if (!current || typeof current[v] !== 'object') {
          reportPricing(p, `is missing (needed for "${v}"${depth < chain.length ? ` of ${chain[depth]}` : ''})`);
          continue;
        }
        if (depth < chain.length) walk(current[v], depth + 1, p);
        else for (const problem of contentProblems(pricingLeafSchema, current[v])) reportPricing(problem.path ? joinPath(p, problem.path) : p, problem.message);
      }
      for (const key of Object.keys(current ?? {})) if (!levelValues.includes(key)) reportPricing(`${path}.${key}`, 'is not an option value of the template');
    };
    walk(node, 0, field.name);
  }
  for (const key of Object.keys(pricing)) {
    if (!fields.get(key)?.useInCalculation) reportPricing(key, 'prices a field that is not used in the calculation');
  }
}
