import type { ReactNode } from 'react';

/**
 * Form layout: one column on phones, two from 768 px. A field's `column` (1 or 2) pins it to a
 * column, `span` 2 makes it full width. Classes, not inline styles: the CSP allows styles from files only.
 */
export function fieldGridClass({ column, span, wide }: { column?: number; span?: number; wide?: boolean }): string {
  const classes: string[] = [];
  if (wide || (span !== undefined && span >= 2)) classes.push('sf-field-grid__item--wide');
  else if (column === 1 || column === 2) classes.push(`sf-field-grid__item--col-${column}`);
  return classes.join(' ');
}

export function FieldGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={['sf-field-grid', className].filter(Boolean).join(' ')}>{children}</div>;
}
