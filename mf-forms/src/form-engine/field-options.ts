import { useMemo } from 'react';
import { LOCATION_MESSAGES, locationOptionsUrl, type FieldOption, type FormField, type FormValues, type LocationOption } from '@storefront/contracts';
import { visibleOptions } from '@storefront/form-schema';
import { usePageData } from '@storefront/ui';
import { type FieldChoice, type OptionsLoadState } from '@storefront/ui/fields';

function answer(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The location answers a dynamic list needs, read through the `dependsOn` chain among the field's
 * siblings: states need the country (their parent), cities the state (their parent) and the state's
 * own parent, the country.
 */
export function locationParents(field: FormField, scope: FormValues, siblings: readonly FormField[]): { country?: string; state?: string } {
  if (!field.dependsOn) return {};
  const parent = answer(scope[field.dependsOn]);
  if (field.dynamicOptions === 'states') return { country: parent };
  if (field.dynamicOptions === 'cities') {
    const stateField = siblings.find((sibling) => sibling.name === field.dependsOn);
    const country = stateField?.dependsOn ? answer(scope[stateField.dependsOn]) : undefined;
    return { country, state: parent };
  }
  return {};
}

/** `filter` narrows a list to the given values (ISO codes for countries/states, names for cities). */
export function filterOptions<T extends { value: string }>(options: readonly T[], filter: readonly string[] | undefined): T[] {
  if (!filter || filter.length === 0) return [...options];
  const wanted = new Set(filter);
  return options.filter((option) => wanted.has(option.value));
}

export interface FieldOptions extends OptionsLoadState {
  options: FieldChoice[];
}

function toChoice(option: FieldOption): FieldChoice {
  return { value: option.value, label: option.label, description: option.description, image: option.image };
}

/**
 * A field's options: its own (those whose hideWhen does not match), or a location list. Location
 * lists load through the page-data loader: the server waits for what it can know (the countries, the
 * default country's states), so they are in the first HTML; lists chosen later (a state's cities) load
 * in the browser with the same loading/error/Retry states and are shared by fields asking the same URL.
 */
export function useFieldOptions(field: FormField, scope: FormValues, siblings: readonly FormField[]): FieldOptions {
  const url = field.dynamicOptions ? locationOptionsUrl(field.dynamicOptions, locationParents(field, scope, siblings)) : null;
  const list = usePageData<LocationOption[]>(url);
  const ownOptions = useMemo(() => visibleOptions(field.options, scope).map(toChoice), [field.options, scope]);
  const loaded = list.data;
  const locationOptions = useMemo(() => filterOptions(loaded ?? [], field.filter), [loaded, field.filter]);

  if (!field.dynamicOptions) return { options: filterOptions(ownOptions, field.filter) };
  if (url === null) return { options: [] };
  if (list.status === 'loading') return { options: [], loading: true };
  if (list.status !== 'ready' || !Array.isArray(loaded)) return { options: [], loadError: LOCATION_MESSAGES.loadFailed, onRetry: list.reload };
  return { options: locationOptions };
}
