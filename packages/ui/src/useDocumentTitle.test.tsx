import { renderHook, waitFor } from '@testing-library/react';
import { installFakeFetch } from './testing/index.js';
import { SITE_DATA_URL, useDocumentTitle } from './useDocumentTitle.js';

const realFetch = globalThis.fetch;
const site = { site: { name: 'Heartwood Cabinetry' }, menus: { header: [], footer: [] } };

beforeEach(() => {
  document.title = 'Before';
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('useDocumentTitle', () => {
  it('names the page, then adds the site name read from the content service', async () => {
    installFakeFetch({ [SITE_DATA_URL]: { body: site } });
    renderHook(() => useDocumentTitle('Shaker Snow White'));
    expect(document.title).toBe('Shaker Snow White');
    await waitFor(() => expect(document.title).toBe('Shaker Snow White | Heartwood Cabinetry'));
  });

  it('keeps the page title alone when the site data cannot be read', async () => {
    const fetchMock = installFakeFetch({ [SITE_DATA_URL]: { networkError: true } });
    renderHook(() => useDocumentTitle('Shaker Snow White'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(document.title).toBe('Shaker Snow White');
  });

  it('sets nothing and asks for nothing without a page title', () => {
    const fetchMock = installFakeFetch({});
    renderHook(() => useDocumentTitle(null));
    expect(document.title).toBe('Before');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses a site name the caller already has, or none at all, without asking the server', () => {
    const fetchMock = installFakeFetch({});
    const { rerender } = renderHook(({ siteName }: { siteName: string | false }) => useDocumentTitle('Contact Us', { siteName }), {
      initialProps: { siteName: '' as string | false },
    });
    expect(document.title).toBe('Contact Us');
    rerender({ siteName: 'Heartwood Cabinetry' });
    expect(document.title).toBe('Contact Us | Heartwood Cabinetry');
    rerender({ siteName: false });
    expect(document.title).toBe('Contact Us');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('as a placeholder, leaves a title someone else set at the same address', () => {
    const { rerender } = renderHook(
      ({ siteName, path }: { siteName: string; path: string }) => useDocumentTitle('Contact Us', { siteName, provisionalFor: path }),
      { initialProps: { siteName: '', path: '/contact' } },
    );
    expect(document.title).toBe('Contact Us');
    document.title = 'Contact Heartwood';
    rerender({ siteName: 'Heartwood Cabinetry', path: '/contact' });
    expect(document.title).toBe('Contact Heartwood');
    // a new address gets the placeholder again
    rerender({ siteName: 'Heartwood Cabinetry', path: '/contact/thanks' });
    expect(document.title).toBe('Contact Us | Heartwood Cabinetry');
  });
});
