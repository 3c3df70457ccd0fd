import type { FormField, FormValues } from '@storefront/contracts';
import { useState } from 'react';

/**
 * What the shopper typed, chose or ticked in the server's form before the page hydrated. The form
 * engine's fields are controlled (react-hook-form's useController): hydration leaves the DOM as the
 * shopper left it, but the first re-render after it writes the form state (the defaults) back into
 * every field, and what was typed was gone: a registration typed at first sight arrived empty. So
 * the form's first state is read from the server's form itself, while it hydrates: the same element
 * (found by the form's id, which useId keeps the same on the server and in the browser), before
 * React owns it. Only fields whose value is not the default are taken; files stay with the shopper
 * (a file input's files cannot be handed to another input), and a searchable select keeps its own
 * state (its visible box is not the field's value).
 */
export function typedBeforeHydration(form: HTMLFormElement | null, fields: readonly FormField[], defaults: FormValues, prefix = ''): FormValues {
  if (!form) return defaults;
  const values: FormValues = { ...defaults };
  for (const field of fields) {
    const path = prefix + field.name;
    if (field.type === 'group') {
      values[field.name] = typedBeforeHydration(form, field.fields ?? [], (defaults[field.name] ?? {}) as FormValues, `${path}.`);
      continue;
    }
    if (field.type === 'file' || (field.type === 'select' && field.isDropdownSearchable && !field.multiSelect)) continue;
    const typed = domValue(form, path, field);
    if (typed !== undefined && JSON.stringify(typed) !== JSON.stringify(defaults[field.name])) values[field.name] = typed;
  }
  return values;
}

function domValue(form: HTMLFormElement, name: string, field: FormField): unknown {
  const controls = Array.from(form.elements).filter(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement => 'name' in element && (element as HTMLInputElement).name === name,
  );
  if (controls.length === 0) return undefined;
  const [first] = controls;
  if (field.type === 'checkbox' || field.type === 'newsletter') return (first as HTMLInputElement).checked;
  if (field.type === 'checkbox-group') return controls.filter((control) => (control as HTMLInputElement).checked).map((control) => control.value);
  if (field.type === 'radio') return controls.find((control) => (control as HTMLInputElement).checked)?.value ?? '';
  if (first instanceof HTMLSelectElement && first.multiple) return Array.from(first.selectedOptions, (option) => option.value);
  return first?.value;
}

/**
 * The form's first values: during hydration, what the server's form `formId` holds (see
 * typedBeforeHydration); otherwise (the server, or a form rendered after a client navigation) the
 * defaults. Read once, on the first render.
 */
export function useFirstValues(formId: string, fields: readonly FormField[], defaults: FormValues): FormValues {
  const [first] = useState(() =>
    typeof document === 'undefined' ? defaults : typedBeforeHydration(document.getElementById(formId) as HTMLFormElement | null, fields, defaults),
  );
  return first;
}

/**
 * The values saved from an earlier visit (`restored`), except where the shopper typed before
 * hydration (`first` differs from `defaults`): what they typed just now wins over what they typed
 * last time.
 */
export function keepTyped(restored: FormValues, first: FormValues, defaults: FormValues): FormValues {
  const kept: FormValues = { ...restored };
  for (const [name, value] of Object.entries(first)) {
    if (JSON.stringify(value) !== JSON.stringify(defaults[name])) kept[name] = value;
  }
  return kept;
}
