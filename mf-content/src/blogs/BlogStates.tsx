import { BLOG_MESSAGES } from '@storefront/contracts';
import { ErrorState, LoadingState, Link } from '@storefront/ui';

/** Spec: a failed blog load shows "Error Loading Data" with Retry. */
export function BlogLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="sf-container blog-page">
      <ErrorState title={BLOG_MESSAGES.loadErrorTitle} message={BLOG_MESSAGES.loadErrorMessage} onRetry={onRetry} />
    </div>
  );
}

export function BlogLoading({ label }: { label: string }) {
  return (
    <div className="sf-container blog-page">
      <LoadingState label={label} />
    </div>
  );
}

/** An unknown post, author or category: the spec's message (the page itself answers 404 from its head). */
export function BlogNotFound({ message }: { message: string }) {
  return (
    <section className="sf-container blog-page blog-not-found" aria-labelledby="blog-not-found-title">
      <h1 id="blog-not-found-title">{message}</h1>
      <p>
        <Link to="/blogs">Browse all articles</Link>
      </p>
    </section>
  );
}
