import type { SiteData } from '@storefront/contracts';
import type { JsonResult } from '@storefront/ui';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SiteDataContext } from '../chrome/site-data';
import { RemoteLoaderContext, type RemoteLoader } from '../federation/RemoteModule';
import { AppRoutes } from './AppRoutes';

const site = { site: { name: 'Heartwood Cabinetry' }, menus: { header: [], footer: [] } } as unknown as SiteData;
const never: RemoteLoader = { load: () => new Promise(() => undefined), refresh: async () => undefined };

function renderContact(value: JsonResult<SiteData>) {
  return (
    <RemoteLoaderContext.Provider value={never}>
      <SiteDataContext.Provider value={value}>
        <MemoryRouter initialEntries={['/contact']}>
          <AppRoutes />
        </MemoryRouter>
      </SiteDataContext.Provider>
    </RemoteLoaderContext.Provider>
  );
}

describe('route titles', () => {
  it('names the page, adding the site name once it is known', () => {
    const { rerender } = render(renderContact({ status: 'loading', reload: () => undefined }));
    expect(document.title).toBe('Contact Us');
    rerender(renderContact({ status: 'ready', data: site, reload: () => undefined }));
    expect(document.title).toBe('Contact Us | Heartwood Cabinetry');
  });

  it('does not overwrite a title the remote set itself', () => {
    const { rerender } = render(renderContact({ status: 'loading', reload: () => undefined }));
    act(() => {
      document.title = 'Contact Heartwood';
    });
    rerender(renderContact({ status: 'ready', data: site, reload: () => undefined }));
    expect(document.title).toBe('Contact Heartwood');
  });
});
