import { BLOG_MESSAGES } from '@storefront/contracts';
import { Button, useSearchParams } from '@storefront/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';

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
      <form role="search" className="blog-search__form" onSubmit={submit}>
        <label htmlFor={inputId} className="sf-visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          className="sf-input"
          type="search"
          value={text}
          placeholder={label}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      {active && (
        <p className="blog-search__active" role="status">
          {BLOG_MESSAGES.showingResultsFor}
          <strong>{active}</strong>
        </p>
      )}
    </div>
  );
}
