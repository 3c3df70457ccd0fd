import { useId } from 'react';
import {
  CATEGORY_MESSAGES,
  CATEGORY_SAMPLES_PAGE_SIZE,
  categoryNotFoundMessage,
  type BlockComponentProps,
  type CategoryHandlerBlock,
  type ProductCategoryDetail,
  type ProductCategorySummary,
} from '@storefront/contracts';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageNumberNav,
  ResponsiveImage,
  parsePageNumber,
  usePageData,
  Link,
  useLocation,
  useNavigate,
  useSearchParams,
} from '@storefront/ui';
import { CategoryFaqs, CategorySpecs, CategoryTimeline, CategoryVideo, SampleDoorGrid } from '../content/CategoryContent.js';
import { CATEGORIES_URL, CategoryCards, CategoryListStates, categoryUrl } from '../showcase/CategoryShowcasePage.js';
import { ALL_TAB, CATEGORY_PARAM, PAGE_PARAM, activeTab, searchForPage, searchForTab, tabLayoutOf } from './category-tabs.js';
import { CategoryTabStrip, type CategoryTab } from './CategoryTabStrip.js';
import '../content/category-content.css';
import '../showcase/CategoryShowcasePage.css';
import './CategoryHandler.css';

/**
 * Category handler block (spec §2): filter tabs over the door-style families, and for the active one
 * its image, product samples (paged, ?page=), product specs, video, timeline and FAQ. The tab is in the
 * address (?category=), so a shared link opens the same tab; choosing a tab drops ?page=.
 */
export default function CategoryHandler({ block }: BlockComponentProps<CategoryHandlerBlock>) {
  const list = usePageData<ProductCategorySummary[]>(CATEGORIES_URL);
  const label = block.title ?? 'Cabinet categories';
  return (
    <section className="sf-container sf-category-handler" aria-label={block.title ? undefined : label} aria-labelledby={block.title ? `${block.id}-title` : undefined}>
      {block.title && (
        <h2 id={`${block.id}-title`} className="sf-category-handler__title">
          {block.title}
        </h2>
      )}
      {block.description && <p className="sf-category-handler__description">{block.description}</p>}
      <CategoryListStates list={list}>{(categories) => <HandlerTabs block={block} categories={categories} label={label} />}</CategoryListStates>
    </section>
  );
}

function HandlerTabs({ block, categories, label }: { block: CategoryHandlerBlock; categories: ProductCategorySummary[]; label: string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const baseId = useId();
  const slugs = categories.map((category) => category.slug);
  const active = activeTab(searchParams.get(CATEGORY_PARAM), slugs, block) ?? slugs[0]!;
  const layout = tabLayoutOf(block.tabLayout);
  const tabs: CategoryTab[] = [
    ...(block.showAllTab ? [{ id: ALL_TAB, label: 'All' }] : []),
    ...categories.map((category) => ({ id: category.slug, label: category.title, icon: category.icon })),
  ];
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const select = (id: string) => {
    if (id === active) return;
    // spec §2: selecting a tab while pagination is on removes the page parameter
    navigate({ pathname: location.pathname, search: `?${searchForTab(searchParams, id)}` }, { preventScrollReset: true });
  };

  return (
    <>
      <CategoryTabStrip tabs={tabs} active={active} onSelect={select} layout={layout} label={label} tabId={tabId} panelId={panelId} />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)} tabIndex={0} className="sf-category-handler__panel">
        {active === ALL_TAB ? <CategoryCards categories={categories} /> : <ActiveCategory slug={active} block={block} />}
      </div>
    </>
  );
}

function ActiveCategory({ slug, block }: { slug: string; block: CategoryHandlerBlock }) {
  const detail = usePageData<ProductCategoryDetail>(categoryUrl(slug));
  if (detail.status === 'not-found') return <EmptyState title={categoryNotFoundMessage(slug)} />;
  if (detail.status === 'error') return <ErrorState title={CATEGORY_MESSAGES.loadFailed} message={detail.error ?? 'Please try again.'} onRetry={detail.reload} />;
  if (detail.status === 'loading' || !detail.data) return <LoadingState label="Loading category…" />;
  return <CategoryPanel detail={detail.data} block={block} />;
}

function CategoryPanel({ detail, block }: { detail: ProductCategoryDetail; block: CategoryHandlerBlock }) {
  const { category, samples } = detail;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const pageSize = Math.max(1, Math.floor(block.pageSize ?? CATEGORY_SAMPLES_PAGE_SIZE));
  const paged = block.pagination !== false && samples.length > pageSize;
  const totalPages = paged ? Math.ceil(samples.length / pageSize) : 1;
  const page = paged ? parsePageNumber(searchParams.get(PAGE_PARAM), totalPages) : 1;
  const shown = paged ? samples.slice((page - 1) * pageSize, page * pageSize) : samples;

  return (
    <div className="sf-category-panel">
      <div className="sf-split sf-category-panel__intro">
        <ResponsiveImage image={category.image} className="sf-category-panel__image" />
        <div>
          <h3 className="sf-category-panel__title">{category.title}</h3>
          <p>{category.description}</p>
          <Link className="sf-category-panel__more" to={category.path}>
            See the {category.title.toLowerCase()} showcase
          </Link>
        </div>
      </div>

      <section className="sf-category-panel__section" aria-label={`${category.title} sample doors`}>
        <h4>Sample doors</h4>
        {samples.length === 0 ? (
          <EmptyState title={CATEGORY_MESSAGES.productsMissing} />
        ) : (
          <>
            <SampleDoorGrid samples={shown} label={`${category.title} sample doors`} />
            {paged && (
              <PageNumberNav
                page={page}
                totalPages={totalPages}
                label={`${category.title} sample door pages`}
                hrefForPage={(target) => {
                  const search = searchForPage(searchParams, target).toString();
                  return `${location.pathname}${search ? `?${search}` : ''}`;
                }}
                preventScrollReset
              />
            )}
          </>
        )}
      </section>

      <div className="sf-split sf-category-panel__columns">
        <section className="sf-category-panel__section">
          <CategorySpecs specs={category.specs} title="Product specifications" />
        </section>
        <section className="sf-category-panel__section" aria-label={`${category.title} video`}>
          <h4>Watch</h4>
          <CategoryVideo video={category.video} />
        </section>
      </div>

      <section className="sf-category-panel__section" aria-label={`${category.title} timeline`}>
        <h4>From design to installed</h4>
        <CategoryTimeline steps={category.timeline} label={`${category.title} timeline`} />
      </section>

      <section className="sf-category-panel__section" aria-label={`${category.title} questions`}>
        <h4>Questions about {category.title.toLowerCase()}</h4>
        <CategoryFaqs detail={detail} />
      </section>
    </div>
  );
}
