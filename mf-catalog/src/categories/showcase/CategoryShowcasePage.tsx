import type { ReactNode } from 'react';
import {
  CATEGORY_MESSAGES,
  CATEGORY_PATH,
  categoryNotFoundMessage,
  PRODUCT_CATEGORIES_URL,
  productCategoryUrl,
  type ProductCategoryDetail,
  type ProductCategorySummary,
} from '@storefront/contracts';
import {
  ButtonLink,
  EmptyState,
  ErrorState,
  LoadingState,
  ResponsiveImage,
  usePageData,
  type JsonResult,
  Link,
  useParams,
} from '@storefront/ui';
import { Breadcrumb, type Crumb } from '../../style-page/Breadcrumb.js';
import { CategorySpecs, StyleCardGrid } from '../content/CategoryContent.js';
import './CategoryShowcasePage.css';

export const CATEGORIES_URL = PRODUCT_CATEGORIES_URL;
export const categoryUrl = productCategoryUrl;

const TRAIL: Crumb[] = [
  { label: 'Home', path: '/' },
  { label: 'Products', path: '/products' },
  { label: 'Cabinet Categories', path: CATEGORY_PATH },
];

/**
 * The category showcase (spec §2): {categoryPath}/{slug} shows one door-style family with its styles
 * and links to the previous and next category; {categoryPath} itself is the index of every category
 * (rather than the first one under a second address), so each page has one canonical URL.
 */
export default function CategoryShowcasePage() {
  const { productCategorySlug } = useParams<{ productCategorySlug: string }>();
  return productCategorySlug ? <CategoryShowcase slug={productCategorySlug} /> : <CategoryIndex />;
}

function Page({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`sf-container sf-page sf-category-page ${className}`}>{children}</div>;
}

function CategoryShowcase({ slug }: { slug: string }) {
  const detail = usePageData<ProductCategoryDetail>(categoryUrl(slug));
  if (detail.status === 'not-found') {
    // the server's first HTML carries this with HTTP 404 (the head of an unknown category is the 404 head)
    return (
      <Page>
        <Breadcrumb trail={TRAIL} />
        <EmptyState
          title={categoryNotFoundMessage(slug)}
          message="Browse all cabinet categories to find the door style you are looking for."
          action={<ButtonLink to={CATEGORY_PATH}>See all categories</ButtonLink>}
        />
      </Page>
    );
  }
  if (detail.status === 'error') {
    return (
      <Page>
        <ErrorState title={CATEGORY_MESSAGES.loadFailed} message={detail.error ?? 'Please try again.'} onRetry={detail.reload} />
      </Page>
    );
  }
  if (detail.status === 'loading' || !detail.data) {
    return (
      <Page>
        <LoadingState label="Loading category…" />
      </Page>
    );
  }
  const { category, styles, previous, next } = detail.data;
  return (
    <Page className="sf-category-showcase">
      <Breadcrumb trail={[...TRAIL, { label: category.title }]} />
      <article aria-labelledby="sf-category-title">
        <header className="sf-split sf-category-hero">
          <ResponsiveImage image={category.image} priority className="sf-category-hero__image" />
          <div className="sf-category-hero__text">
            <h1 id="sf-category-title" className="sf-page__title">
              {category.title}
            </h1>
            <p className="sf-category-hero__description">{category.description}</p>
          </div>
        </header>
        <section className="sf-category-section" aria-labelledby="sf-category-styles">
          <h2 id="sf-category-styles">{category.title}: door styles</h2>
          <StyleCardGrid styles={styles} label={`${category.title} door styles`} />
        </section>
        <section className="sf-category-section">
          <CategorySpecs specs={category.specs} title={`${category.title} at a glance`} />
        </section>
      </article>
      <NeighbourLinks previous={previous} next={next} />
    </Page>
  );
}

/**
 * Previous and next category. At the ends the link is shown disabled rather than wrapping round: the
 * categories read as an ordered sequence, and a "Next" that jumps from the last back to the first
 * would hide that the shopper has seen them all.
 */
export function NeighbourLinks({ previous, next }: { previous: ProductCategorySummary | null; next: ProductCategorySummary | null }) {
  return (
    <nav className="sf-category-neighbours" aria-label="Other categories">
      <NeighbourLink category={previous} direction="prev" />
      <NeighbourLink category={next} direction="next" />
    </nav>
  );
}

const NEIGHBOUR_TEXT = {
  prev: { hint: 'Previous category', end: 'This is the first category' },
  next: { hint: 'Next category', end: 'This is the last category' },
} as const;

function NeighbourLink({ category, direction }: { category: ProductCategorySummary | null; direction: 'prev' | 'next' }) {
  const className = `sf-category-neighbours__link sf-category-neighbours__link--${direction}`;
  const text = NEIGHBOUR_TEXT[direction];
  const content = (
    <>
      <span className="sf-category-neighbours__hint">{text.hint}</span>
      <span className="sf-category-neighbours__title">{category ? category.title : text.end}</span>
    </>
  );
  return category ? (
    <Link to={category.path} rel={direction} className={className}>
      {content}
    </Link>
  ) : (
    <span className={className} aria-disabled="true">
      {content}
    </span>
  );
}

function CategoryIndex() {
  const list = usePageData<ProductCategorySummary[]>(CATEGORIES_URL);
  return (
    <Page>
      <Breadcrumb trail={TRAIL} />
      <h1 className="sf-page__title">Cabinet Categories</h1>
      <CategoryListStates list={list}>{(categories) => <CategoryCards categories={categories} />}</CategoryListStates>
    </Page>
  );
}

/**
 * The category list's loading, error and empty states (spec §8: "Category data not found", "No
 * category data available") for the index and the handler alike; `children` shows a ready list.
 */
export function CategoryListStates({ list, children }: { list: JsonResult<ProductCategorySummary[]>; children: (categories: ProductCategorySummary[]) => ReactNode }) {
  if (list.status === 'error' || list.status === 'not-found') {
    return <ErrorState title={CATEGORY_MESSAGES.loadFailed} message={list.error ?? 'Please try again.'} onRetry={list.reload} />;
  }
  if (list.status === 'loading' || !list.data) return <LoadingState label="Loading categories…" />;
  if (list.data.length === 0) return <EmptyState title={CATEGORY_MESSAGES.empty} />;
  return <>{children(list.data)}</>;
}

/** Every category as a card linking to its showcase (the index and the handler's All tab). */
export function CategoryCards({ categories }: { categories: ProductCategorySummary[] }) {
  return (
    <ul className="sf-category-index" aria-label="Cabinet categories">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link to={category.path} className="sf-category-index__link">
            <ResponsiveImage image={category.image} className="sf-category-index__image" />
            <span className="sf-category-index__title">{category.title}</span>
            <span>{category.description}</span>
            <span className="sf-category-index__count">
              {category.styleCount} door style{category.styleCount === 1 ? '' : 's'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
