import type { EstimatorField, EstimatorGroup, EstimatorTemplate, FormField, FormValues } from '@storefront/contracts';

/** Estimator fields follow the generic form rules (required, e-mail, number), so they share the schema. */
export function toFormField(field: EstimatorField): FormField {
  return { name: field.name, type: field.type, label: field.label, required: field.required, options: field.options };
}

export function defaultEstimatorValues(template: EstimatorTemplate): FormValues {
  const values: FormValues = {};
  for (const field of template.groups.flatMap((group) => group.fields)) {
    values[field.name] = field.type === 'checkbox' ? field.defaultValue === 'true' : (field.defaultValue ?? '');
  }
  return values;
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
