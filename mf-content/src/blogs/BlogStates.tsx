import { BLOG_MESSAGES } from '@storefront/contracts';
import { ErrorState, LoadingState, Link, useSearchParams, type JsonResult } from '@storefront/ui';

/** The content service's errorType for broken blog content (spec §2 "Bad data"). */
const BAD_DATA = { invalidBlogData: BLOG_MESSAGES.invalidBlogData, invalidAuthorData: BLOG_MESSAGES.invalidAuthorData } as const;

/**
 * Spec: a failed blog load shows "Error Loading Data" with Retry; broken blog content shows "Invalid
 * blog data" or "Invalid author data" instead (the content service says which), without Retry: trying
 * again cannot mend the content.
 */
export function BlogLoadError({ onRetry, errorType }: { onRetry: () => void; errorType?: string }) {
  const badData = errorType && Object.hasOwn(BAD_DATA, errorType) ? BAD_DATA[errorType as keyof typeof BAD_DATA] : undefined;
  return (
    <div className="sf-container blog-page">
      {badData ? (
        <ErrorState title={badData} message={BLOG_MESSAGES.loadErrorMessage} />
      ) : (
        <ErrorState title={BLOG_MESSAGES.loadErrorTitle} message={BLOG_MESSAGES.loadErrorMessage} onRetry={onRetry} />
      )}
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

/**
 * What a blog page shows until its answer is ready: loading, the spec's not-found message (pages that
 * can name a missing post, author or category), or the load error.
 */
export function BlogAnswerScreen({ answer, loadingLabel, notFoundMessage }: { answer: JsonResult<unknown>; loadingLabel: string; notFoundMessage?: string }) {
  if (answer.status === 'loading') return <BlogLoading label={loadingLabel} />;
  if (answer.status === 'not-found' && notFoundMessage) return <BlogNotFound message={notFoundMessage} />;
  return <BlogLoadError onRetry={answer.reload} errorType={answer.errorType} />;
}

/** The author's or category's search (?query=), trimmed; "" when there is none. */
export function useBlogQuery(): string {
  const [searchParams] = useSearchParams();
  return (searchParams.get('query') ?? '').trim();
}
