import './content-page.css';
import type { PageDefinition } from '@storefront/contracts';
import { ErrorState, LoadingState, usePageData, useLocation } from '@storefront/ui';
import { BlockList, type BlockLoader } from '../blocks/BlockList';
import NotFoundPage from '../not-found/NotFoundPage';
import { Breadcrumb } from './Breadcrumb';
import { contentPageUrl } from '@storefront/contracts';

/** Block types that render the page's h1 when they come first. */
const HEADING_BLOCKS = new Set(['banner', 'page-title', 'newsletter-subscription', 'overlay', 'kitchen-showcase']);


/** A title-breadcrumb banner at the top shows the trail itself: the page does not repeat it. */
function bannerShowsBreadcrumb(definition: PageDefinition): boolean {
  const first = definition.blocks[0] as { type?: string; bannerLayout?: string } | undefined;
  return first?.type === 'banner' && first.bannerLayout === 'title-breadcrumb';
}

export interface ContentPageProps {
  blockLoader?: BlockLoader;
}

/** Renders the page definition the content service has for the current address (404 -> NotFoundPage). */
export default function ContentPage({ blockLoader }: ContentPageProps) {
  const { pathname } = useLocation();
  const page = usePageData<PageDefinition>(contentPageUrl(pathname));
  const definition = page.status === 'ready' ? page.data : undefined;

  if (page.status === 'loading') return <LoadingState label="Loading page…" />;
  if (page.status === 'not-found') return <NotFoundPage variant="full" />;
  if (page.status === 'error' || !definition) {
    return (
      <div className="sf-container">
        <ErrorState
          title="This page could not be loaded."
          message={page.error ?? 'Please try again in a moment.'}
          onRetry={page.reload}
        />
      </div>
    );
  }

  // A first banner or page title carries the page heading; other pages still get one for screen readers.
  const headingFromBanner = HEADING_BLOCKS.has(definition.blocks[0]?.type ?? '');
  return (
    <article className="content-page">
      {!headingFromBanner && <h1 className="sf-container content-page__title">{definition.title}</h1>}
      {/* a title-breadcrumb banner or a breadcrumb block shows the trail there instead, never twice */}
      {definition.breadcrumb.length > 1 &&
        !bannerShowsBreadcrumb(definition) &&
        !definition.blocks.some((block) => block.type === 'breadcrumb') && <Breadcrumb items={definition.breadcrumb} />}
      <BlockList blocks={definition.blocks} loader={blockLoader} />
    </article>
  );
}
