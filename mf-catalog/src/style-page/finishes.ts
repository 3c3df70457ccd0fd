import type { FinishGroup, FinishOption, ProductStyle, StyleItem } from '@storefront/contracts';

/** The finish shown on the page: its group (written as ?type=) and its option (?value=). */
export interface ChosenFinish {
  group: FinishGroup;
  option: FinishOption;
}

/**
 * The finish the address asks for, or the style's first finish when the address names none or one
 * this style does not have (an old link must still open the page). Null only for a style without finishes.
 */
export function resolveFinish(style: Pick<ProductStyle, 'finishes'>, type: string | null, value: string | null): ChosenFinish | null {
  const group = style.finishes.find((candidate) => candidate.name === type);
  const option = group?.items.find((candidate) => candidate.value === value);
  if (group && option) return { group, option };
  const firstGroup = style.finishes.find((candidate) => candidate.items.length > 0);
  const firstOption = firstGroup?.items[0];
  return firstGroup && firstOption ? { group: firstGroup, option: firstOption } : null;
}

export function finishSearchParams(finish: ChosenFinish): Record<string, string> {
  return { type: finish.group.name, value: finish.option.value };
}

/**
 * The sample items the shopper can order for the chosen finish: the ones made in that finish
 * (StyleItem.finish), plus any sample that is not tied to a finish.
 */
export function samplesForFinish(items: StyleItem[], finish: ChosenFinish | null): StyleItem[] {
  return items.filter((item) => {
    if (!item.isSample) return false;
    if (!item.finish) return true;
    return finish !== null && item.finish.type === finish.group.name && item.finish.value === finish.option.value;
  });
}
