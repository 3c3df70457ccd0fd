import type { BlockComponentProps, PageDefinition } from '@storefront/contracts';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { installFakeFetch, type FakeRoutes } from '@storefront/ui/testing';
import type { BlockLoader } from '../blocks/BlockList';
import { contentPageUrl } from '@storefront/contracts';
import ContentPage from './ContentPage';

const aboutPage: PageDefinition = {
  slug: 'about-us',
  path: '/about-us',
  title: 'About Us | Heartwood Cabinetry',
  description: 'Who we are.',
  breadcrumb: [
    { label: 'Home', path: '/' },
    { label: 'About Us', path: '/about-us' },
  ],
  schemas: {},
  blocks: [{ id: 'story', type: 'media-content', title: 'Our story' }],
};

// fetch is the edge: a fake content service answering per URL (anything else: a dropped connection).
const realFetch = globalThis.fetch;
function contentService(answers: FakeRoutes) {
  installFakeFetch(answers, { unknownUrl: 'network-error' });
}
afterEach(() => {
  globalThis.fetch = realFetch;
});

const titleBlock: BlockLoader = async () => (({ block }: BlockComponentProps) => <h2>{String(block['title'])}</h2>) as never;

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ContentPage blockLoader={titleBlock} />
    </MemoryRouter>,
  );
}

describe('ContentPage', () => {
  it('renders the page definition for the address', async () => {
    contentService({ [contentPageUrl('/about-us')]: [{ status: 200, body: aboutPage }] });
    renderAt('/about-us');
    expect(screen.getByRole('status')).toHaveTextContent('Loading page…');
    expect(await screen.findByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: aboutPage.title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('About Us');
  });

  it('leaves its own breadcrumb out when a title-breadcrumb banner at the top shows the trail', async () => {
    const withBanner = { ...aboutPage, blocks: [{ id: 'top', type: 'banner', title: 'About Us', bannerLayout: 'title-breadcrumb' }, ...aboutPage.blocks] };
    contentService({ [contentPageUrl('/about-us')]: [{ status: 200, body: withBanner }] });
    renderAt('/about-us');
    expect(await screen.findByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it('shows the 404 page when the content service has no such page', async () => {
    contentService({ [contentPageUrl('/nope')]: [{ status: 404, body: { message: 'Page not found' } }] });
    renderAt('/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the service fails, and Retry loads the page', async () => {
    contentService({
      [contentPageUrl('/about-us')]: [
        { status: 503, body: { message: 'Content service unavailable' } },
        { status: 200, body: aboutPage },
      ],
    });
    renderAt('/about-us');
    expect(await screen.findByText('Content service unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Our story' })).toBeInTheDocument();
  });

  it('leaves the trail to a breadcrumb block when the page places one (never two trails)', async () => {
    const withTrailBlock = { ...aboutPage, blocks: [...aboutPage.blocks, { id: 'trail', type: 'breadcrumb' }] };
    contentService({ [contentPageUrl('/about-us')]: [{ status: 200, body: withTrailBlock }] });
    renderAt('/about-us');
    expect(await screen.findByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });
});
