import type { ReactNode } from 'react';

export interface FinishSwatchProps {
  /** the radio group's name: one finish is chosen at a time */
  name: string;
  value: string;
  checked: boolean;
  onChange(): void;
  /** the finish's colour, drawn as the chip */
  hex: string;
  /** the finish's picture over its colour; its colour shows where the picture fails to load */
  imageSrc?: string;
  /** the visible name under the chip (and what the radio is called) */
  label: ReactNode;
  title?: string;
  /** the caller's own class for where it sits (size, spacing) */
  className?: string;
}

/**
 * One finish as a round colour chip with its name under it: a native radio, hidden but focusable, so
 * arrow keys move between the finishes of a group and screen readers announce "radio, n of m".
 */
export function FinishSwatch({ name, value, checked, onChange, hex, imageSrc, label, title, className }: FinishSwatchProps) {
  return (
    <label className={['sf-swatch', checked && 'sf-swatch--checked', className].filter(Boolean).join(' ')} title={title}>
      <input type="radio" className="sf-visually-hidden" name={name} value={value} checked={checked} onChange={onChange} />
      <span className="sf-swatch__chip" aria-hidden="true">
        {/* an SVG fill, not a style attribute: the CSP allows styles from files only */}
        <svg className="sf-swatch__color" viewBox="0 0 1 1" focusable="false">
          <rect width="1" height="1" fill={hex} />
        </svg>
        {imageSrc && <img src={imageSrc} alt="" width={48} height={48} loading="lazy" onError={(event) => (event.currentTarget.style.visibility = 'hidden')} />}
      </span>
      <span className="sf-swatch__label">{label}</span>
    </label>
  );
}
