import { useId, type HTMLAttributes, type ReactNode } from 'react';

export interface TitledSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'aria-label' | 'aria-labelledby'> {
  /** the content's heading; when given, it names the section */
  title?: string;
  headingClassName: string;
  /** names the section for screen readers when the content has no title (a section without one is no landmark) */
  fallbackLabel?: string;
  /** the content's plain-text introduction under the heading */
  intro?: string;
  introClassName?: string;
  children: ReactNode;
}

/** A page block's region: its optional h2 title labels it, else the fallback label does. */
export function TitledSection({ title, headingClassName, fallbackLabel, intro, introClassName, children, ...section }: TitledSectionProps) {
  const headingId = useId();
  return (
    <section {...section} aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : fallbackLabel}>
      {title && (
        <h2 id={headingId} className={headingClassName}>
          {title}
        </h2>
      )}
      {intro && <p className={introClassName}>{intro}</p>}
      {children}
    </section>
  );
}
