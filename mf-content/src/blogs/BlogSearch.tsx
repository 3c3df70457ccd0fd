import { BLOG_MESSAGES } from '@storefront/contracts';
import { useSearchParams } from '@storefront/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { SearchForm } from '../search-form/SearchForm';

/**
 * Search box for an author's or a category's posts: a non-blank query becomes ?query= (the page
 * stays where it is), and the active query is shown as "Showing results for: ...".
 */
export function BlogSearch({ label }: { label: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = (searchParams.get('query') ?? '').trim();
  const [text, setText] = useState(active);
  const inputId = useId();

  // back/forward changes the query in the address; the box follows it
  useEffect(() => setText(active), [active]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    setSearchParams({ query }, { preventScrollReset: true });
  }

  return (
    <div className="blog-search">
      <SearchForm id={inputId} label={label} formClassName="blog-search__form" value={text} placeholder={label} onChange={setText} onSubmit={submit} />
      {active && (
        <p className="blog-search__active" role="status">
          {BLOG_MESSAGES.showingResultsFor}
          <strong>{active}</strong>
        </p>
      )}
    </div>
  );
}
