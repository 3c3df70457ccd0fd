import { pageHeadUrl, type PageHead } from '@storefront/contracts';
import { PageDataContext, PageDataStore } from '@storefront/ui';
import { installFakeFetch } from '@storefront/ui/testing';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DocumentHead } from './DocumentHead';

function headFor(path: string, title: string): PageHead {
  return {
    status: 200,
    path,
    title,
    description: `About ${path}`,
    canonical: `https://shop.test${path}`,
    robots: 'index, follow',
    openGraph: { type: 'website', title, description: `About ${path}`, url: `https://shop.test${path}`, siteName: 'Heartwood' },
    breadcrumb: [],
    jsonLd: [],
  };
}

describe('DocumentHead', () => {
  it("applies the route's head from the page table: title, description, canonical, Open Graph", async () => {
    installFakeFetch({ [pageHeadUrl('/contact')]: { body: headFor('/contact', 'Contact Us | Heartwood') } });
    render(
      <MemoryRouter initialEntries={['/contact']}>
        <DocumentHead />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('Contact Us | Heartwood'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'About /contact');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://shop.test/contact');
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Contact Us | Heartwood');
  });

  it("uses the head the server already had, without asking again, and a 404's own head", async () => {
    const fetchMock = installFakeFetch({});
    const store = new PageDataStore({
      mode: 'browser',
      fetch: globalThis.fetch,
      initial: { [pageHeadUrl('/nope')]: { status: 'not-found', httpStatus: 404, data: { ...headFor('/nope', 'Page Not Found | Heartwood'), status: 404 } } },
    });
    render(
      <PageDataContext.Provider value={store}>
        <MemoryRouter initialEntries={['/nope']}>
          <DocumentHead />
        </MemoryRouter>
      </PageDataContext.Provider>,
    );
    await waitFor(() => expect(document.title).toBe('Page Not Found | Heartwood'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
