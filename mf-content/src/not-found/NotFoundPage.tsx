import './not-found.css';
import { Button, ButtonLink, useNavigate } from '@storefront/ui';
import { useId } from 'react';

export const NOT_FOUND_TITLE = 'Page Not Found';

export interface NotFoundPageProps {
  /** full: the whole page (a missing route); compact: a smaller notice inside a page. */
  variant?: 'full' | 'compact';
}

/** The 404 page: Go back (browser history) and Go to home (/). */
export default function NotFoundPage({ variant = 'full' }: NotFoundPageProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const Heading = variant === 'full' ? 'h1' : 'h2';


  function goBack() {
    // React Router numbers history entries; with nothing to go back to, home is the useful place.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/');
  }

  return (
    <section className={`sf-container content-not-found content-not-found--${variant}`} aria-labelledby={headingId}>
      {variant === 'full' && (
        <p className="content-not-found__code" aria-hidden="true">
          404
        </p>
      )}
      <Heading id={headingId} className="content-not-found__title">
        {NOT_FOUND_TITLE}
      </Heading>
      <p className="content-not-found__message">
        Sorry, we couldn’t find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <div className="content-not-found__actions">
        <Button variant="secondary" onClick={goBack}>
          Go back
        </Button>
        <ButtonLink to="/">Go to home</ButtonLink>
      </div>
    </section>
  );
}
