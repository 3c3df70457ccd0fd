import { useId } from 'react';
import type { FinishGroup } from '@storefront/contracts';
import type { ChosenFinish } from './finishes.js';

export interface FinishSelectorProps {
  groups: FinishGroup[];
  selected: ChosenFinish;
  onSelect(group: FinishGroup, value: string): void;
}

/**
 * Native radio buttons drawn as swatches: one radio name across all groups because a style has one
 * chosen finish, so arrow keys move through every swatch and screen readers announce "n of m".
 */
export function FinishSelector({ groups, selected, onSelect }: FinishSelectorProps) {
  const name = useId();
  return (
    <div className="sf-finishes">
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <fieldset key={group.name} className="sf-finishes__group">
            <legend className="sf-finishes__legend">
              {group.title}
              {selected.group.name === group.name && <span className="sf-finishes__chosen">: {selected.option.label}</span>}
            </legend>
            <div className="sf-finishes__swatches">
              {group.items.map((option) => {
                const checked = selected.group.name === group.name && selected.option.value === option.value;
                return (
                  <label key={option.value} className={`sf-swatch${checked ? ' sf-swatch--checked' : ''}`} title={option.label}>
                    <input
                      type="radio"
                      className="sf-visually-hidden"
                      name={name}
                      value={`${group.name}:${option.value}`}
                      checked={checked}
                      onChange={() => onSelect(group, option.value)}
                    />
                    <span className="sf-swatch__chip" aria-hidden="true">
                      {/* the finish's colour behind its image (SVG fill: no inline style under the CSP) */}
                      <svg className="sf-swatch__color" viewBox="0 0 1 1" focusable="false">
                        <rect width="1" height="1" fill={option.hex} />
                      </svg>
                      <img src={option.image.src} alt="" width={48} height={48} loading="lazy" onError={(event) => (event.currentTarget.style.visibility = 'hidden')} />
                    </span>
                    <span className="sf-swatch__label">{option.label}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
    </div>
  );
}
