import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { InfiniteScrollTrigger, LoadMoreButton, PageNumberNav } from './Pagination.js';

const href = (page: number) => (page > 1 ? `/list?page=${page}` : '/list');

describe('PageNumberNav', () => {
  it('links every shown page, marks the current one and hides skipped pages behind an ellipsis', () => {
    render(
      <MemoryRouter>
        <PageNumberNav page={5} totalPages={10} hrefForPage={href} label="Product pages" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Product pages' });
    expect(nav).toHaveTextContent('Previous1…456…10Next');
    expect(screen.getByText('5')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 4' })).toHaveAttribute('href', '/list?page=4');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/list');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/list?page=4');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/list?page=6');
  });

  it('has no Previous on the first page, no Next on the last, and nothing for a single page', () => {
    const { rerender } = render(
      <MemoryRouter>
        <PageNumberNav page={1} totalPages={3} hrefForPage={href} label="Pages" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <PageNumberNav page={3} totalPages={3} hrefForPage={href} label="Pages" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    rerender(
      <MemoryRouter>
        <PageNumberNav page={1} totalPages={1} hrefForPage={href} label="Pages" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

it('from a page past the end marks no page current and leads Previous to the last page', () => {
  render(
    <MemoryRouter>
      <PageNumberNav page={9} totalPages={5} hrefForPage={href} label="Pages" />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/list?page=5');
  expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Page 5' })).toBeInTheDocument();
  expect(document.querySelector('[aria-current]')).toBeNull();
});

describe('LoadMoreButton', () => {
  it('says "Load More" and is disabled while loading', async () => {
    const onLoadMore = jest.fn();
    const { rerender } = render(<LoadMoreButton onLoadMore={onLoadMore} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMoreButton onLoadMore={onLoadMore} loading />);
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();
  });
});

describe('InfiniteScrollTrigger', () => {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
  beforeEach(() => {
    observers.length = 0;
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    };
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('asks for the next page 100 px before the end of the list, and only while enabled', () => {
    const onLoadMore = jest.fn();
    const { rerender } = render(<InfiniteScrollTrigger onLoadMore={onLoadMore} enabled />);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toBe('0px 0px 100px 0px');
    act(() => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(<InfiniteScrollTrigger onLoadMore={onLoadMore} enabled={false} />);
    expect(observers[0]!.disconnected).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a Load More button for keyboards', async () => {
    const onLoadMore = jest.fn();
    render(<InfiniteScrollTrigger onLoadMore={onLoadMore} enabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});
