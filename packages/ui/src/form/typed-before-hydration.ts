import { useEffect } from 'react';
import { get, type FieldValues, type UseFormReturn } from 'react-hook-form';

/**
 * What the shopper (or staff member) typed into the server's form before hydration (the checkout is in the first HTML,
 * and a phone paints it seconds before the scripts run). react-hook-form keeps it: a field whose
 * value is no longer its defaultValue when the field registers is read, not overwritten (its
 * isEditedBeforeReady). But the form's watchers (useWatch: the destination the shipping is quoted
 * for, the states of the chosen country) read their first value while rendering and subscribe after
 * the fields registered, so they never hear of it: the page said 'Shipping will be calculated after
 * entering address' under an address already entered. Once, after the first commit, the values that
 * are not their defaults are set again as they are (setValues: one emission to every watcher; a
 * setValue of an unchanged value emits nothing), and marked dirty, as typing does.
 */
export function useValuesTypedBeforeHydration<T extends FieldValues>(form: UseFormReturn<T>): void {
  const { getValues, setValues, formState } = form;
  const defaults = formState.defaultValues;
  useEffect(() => {
    const typed = Object.fromEntries(Object.entries(getValues()).filter(([name, value]) => value !== get(defaults, name)));
    if (Object.keys(typed).length > 0) setValues(typed as Partial<T>, { shouldDirty: true });
    // once, after the hydrating commit: later changes reach the watchers through the fields' own events
  }, []);
}
