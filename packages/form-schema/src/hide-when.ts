import type { FieldOption, FormField, FormValues, HideWhen } from '@storefront/contracts';

type Comparable = string | number | boolean;

/**
 * Values arrive as strings from inputs and multipart bodies but as booleans/numbers from JSON and
 * react-hook-form, so a condition compares their text: `true` matches "true", 3 matches "3".
 */
function sameValue(actual: unknown, expected: Comparable): boolean {
  // An unanswered field is "" in the browser, absent after casting or in a JSON body, and an unticked
  // box may be absent too: all of them match a condition on "" or false, so both sides agree.
  if (actual === undefined || actual === null) return expected === '' || expected === false;
  return String(actual) === String(expected);
}

/** True when the watched value equals the condition's value, or any of its list; a list value (checkbox group) matches when any entry does. */
export function matchesHideWhen(condition: HideWhen, values: FormValues): boolean {
  const actual = values[condition.field];
  const expected = Array.isArray(condition.equals) ? condition.equals : [condition.equals];
  const actualList = Array.isArray(actual) ? actual : [actual];
  return actualList.some((entry) => expected.some((candidate) => sameValue(entry, candidate)));
}

/** A field whose hideWhen condition matches is hidden: not shown, not required, its value dropped. */
export function isFieldHidden(field: Pick<FormField, 'hideWhen'>, values: FormValues): boolean {
  return field.hideWhen !== undefined && matchesHideWhen(field.hideWhen, values);
}

/** Radio/select options whose hideWhen condition matches are dropped. */
export function visibleOptions(options: readonly FieldOption[] | undefined, values: FormValues): FieldOption[] {
  return (options ?? []).filter((option) => option.hideWhen === undefined || !matchesHideWhen(option.hideWhen, values));
}
