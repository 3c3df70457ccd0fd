import { useId } from 'react';
import type { FinishGroup, FinishOption } from '@storefront/contracts';
import { FinishSwatch, STYLE_SWATCH_MAX_VISIBLE, SWATCH_MAX_VISIBLE, SwatchList, Tabs } from '@storefront/ui';
import type { ChosenFinish } from './finishes.js';

export interface FinishSelectorProps {
  groups: FinishGroup[];
  selected: ChosenFinish;
  onSelect(group: FinishGroup, value: string): void;
  /**
   * V1 lists every group (each up to the default 11 swatches); V2 shows one group at a time behind
   * group tabs, at most 10 swatches at once (§9: 10 in the style swatch wrapper).
   */
  layout?: 'v1' | 'v2';
}

/**
 * Native radio buttons drawn as swatches: one radio name across all groups because a style has one
 * chosen finish, so arrow keys move through every shown swatch and screen readers announce "n of m".
 */
export function FinishSelector({ groups, selected, onSelect, layout = 'v1' }: FinishSelectorProps) {
  const name = useId();
  const shown = groups.filter((group) => group.items.length > 0);
  const fieldset = (group: FinishGroup) => (
    <FinishGroupFieldset
      key={group.name}
      group={group}
      name={name}
      selected={selected}
      onSelect={onSelect}
      maxVisible={layout === 'v2' ? STYLE_SWATCH_MAX_VISIBLE : SWATCH_MAX_VISIBLE}
    />
  );

  if (layout === 'v2' && shown.length > 1) {
    const chosenGroup = Math.max(0, shown.findIndex((group) => group.name === selected.group.name));
    return (
      <div className="sf-finishes sf-finishes--v2">
        <Tabs
          label="Finish groups"
          initialIndex={chosenGroup}
          tabs={shown.map((group) => ({ id: group.name, label: `${group.group} (${group.items.length})`, content: fieldset(group) }))}
        />
      </div>
    );
  }
  return <div className={`sf-finishes sf-finishes--${layout}`}>{shown.map(fieldset)}</div>;
}

interface FinishGroupFieldsetProps {
  group: FinishGroup;
  name: string;
  selected: ChosenFinish;
  onSelect(group: FinishGroup, value: string): void;
  maxVisible: number;
}

function FinishGroupFieldset({ group, name, selected, onSelect, maxVisible }: FinishGroupFieldsetProps) {
  const inGroup = selected.group.name === group.name;
  const isChecked = (option: FinishOption) => inGroup && selected.option.value === option.value;
  return (
    <fieldset className="sf-finishes__group">
      <legend className="sf-finishes__legend">
        {group.title}
        {inGroup && <span className="sf-finishes__chosen">: {selected.option.label}</span>}
      </legend>
      <SwatchList
        className="sf-finishes__swatches"
        items={group.items}
        getKey={(option) => option.value}
        maxVisible={maxVisible}
        selectedIndex={inGroup ? group.items.findIndex(isChecked) : undefined}
        itemNoun={`${group.group.toLowerCase()} finishes`}
        renderItem={(option) => {
          const checked = isChecked(option);
          return (
            <FinishSwatch
              name={name}
              value={`${group.name}:${option.value}`}
              checked={checked}
              onChange={() => onSelect(group, option.value)}
              hex={option.hex}
              imageSrc={option.image.src}
              label={option.label}
              title={option.label}
            />
          );
        }}
      />
    </fieldset>
  );
}
