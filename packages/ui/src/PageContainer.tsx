import { useId, type ReactNode } from 'react';

export interface PageContainerProps {
  children: ReactNode;
  title?: string;
}

/** The content area of a page: a responsive container labelled by its heading. */
export function PageContainer({ children, title }: PageContainerProps) {
  const headingId = useId();
  return (
    <section className="sf-container sf-page" aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h1 id={headingId} className="sf-page__title">
          {title}
        </h1>
      )}
      {children}
    </section>
  );
}
