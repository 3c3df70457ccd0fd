/** Stable ids tying a field's label, input, hint and error message together for screen readers. */
export function fieldIds(formId: string, name: string) {
  const base = `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return { input: base, error: `${base}-error`, label: `${base}-label` };
}
