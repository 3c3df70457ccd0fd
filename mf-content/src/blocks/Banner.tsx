import './blocks.css';
import './media-blocks.css';
import type { BannerBlock, BlockComponentProps, BreadcrumbItem, ImageRef, PageDefinition } from '@storefront/contracts';
import { ResponsiveImage, usePageData, useLocation } from '@storefront/ui';
import { Slider } from '@storefront/ui/slider';
import type { ReactNode } from 'react';
import { Breadcrumb } from '../content-page/Breadcrumb';
import { contentPageUrl } from '@storefront/contracts';
import { ActionLink } from './ActionLink';
import { StarRating } from './StarRating';

// halfStarsOf moved to the shared text helpers; re-exported for existing callers.
export { halfStarsOf } from '../text/text';

function Rating({ text, star }: { text: string; star: number }) {
  return (
    <p className="content-banner__rating">
      <StarRating star={star} decorative />
      <span>{text}</span>
    </p>
  );
}

/** Title, subtitle, description, rating and action: the same in every layout. */
function BannerText({ block, first, children }: { block: BannerBlock; first: boolean; children?: ReactNode }) {
  const Heading = first ? 'h1' : 'h2';
  return (
    <div className="content-banner__text">
      {block.subTitle && <p className="content-banner__subtitle">{block.subTitle}</p>}
      <Heading className="content-banner__title">{block.title}</Heading>
      {block.description && <p className="content-banner__description">{block.description}</p>}
      {block.ratings && <Rating text={block.ratings.text} star={block.ratings.star} />}
      {block.action && <ActionLink action={block.action} className="content-banner__action" />}
      {children}
    </div>
  );
}

/** The trail a title-breadcrumb banner shows: its own, else the page's route from the page table. */
function useBreadcrumb(given: BreadcrumbItem[] | undefined): BreadcrumbItem[] {
  const { pathname } = useLocation();
  // The page definition is already in the page's data store (ContentPage read it): no second request.
  const page = usePageData<PageDefinition>(given ? null : contentPageUrl(pathname));
  return given ?? (page.status === 'ready' ? (page.data?.breadcrumb ?? []) : []);
}

function TitleBreadcrumbBanner({ block, first, priority }: { block: BannerBlock; first: boolean; priority: boolean }) {
  const trail = useBreadcrumb(block.breadcrumb);
  return (
    <section className="content-banner content-banner--title-breadcrumb" aria-label={block.title}>
      <ResponsiveImage image={block.backgroundImage} priority={priority} className="content-banner__image" />
      <div className="content-banner__scrim" aria-hidden="true" />
      <div className="sf-container content-banner__inner">
        <BannerText block={block} first={first}>
          {trail.length > 1 && <Breadcrumb items={trail} className="content-banner__breadcrumb" />}
        </BannerText>
      </div>
    </section>
  );
}

function SliderBanner({ block, first, priority }: { block: BannerBlock; first: boolean; priority: boolean }) {
  const images: ImageRef[] = [block.backgroundImage, ...(block.images ?? [])];
  return (
    <section className="content-banner content-banner--slider" aria-label={block.title}>
      <Slider
        label={`${block.title}: pictures`}
        dots
        slides={images.map((image, index) => ({
          key: `${image.src}-${index}`,
          label: image.label ?? image.altText,
          // Only the first picture is the page's largest paint; the rest wait until they are near view.
          content: <ResponsiveImage image={image} priority={priority && index === 0} className="content-banner__slide-image" />,
        }))}
      />
      <div className="content-banner__scrim" aria-hidden="true" />
      <div className="sf-container content-banner__inner">
        <BannerText block={block} first={first} />
      </div>
    </section>
  );
}

/**
 * A banner in one of the spec's layouts (single image, image slider, title with breadcrumb, card v1/v2).
 * Images are 1920x787 (title-breadcrumb 1920x712), given with their size so nothing jumps as they load.
 */
export default function Banner({ block, position }: BlockComponentProps<BannerBlock>) {
  // The page's first block carries its heading and is the largest paint: load it first.
  const first = position === 0;
  const priority = block.priority ?? first;
  const layout = block.bannerLayout ?? 'single';

  if (layout === 'slider') return <SliderBanner block={block} first={first} priority={priority} />;
  if (layout === 'title-breadcrumb') return <TitleBreadcrumbBanner block={block} first={first} priority={priority} />;
  if (layout === 'card-v1' || layout === 'card-v2') {
    return (
      <section className={`content-banner-card content-banner-card--${layout === 'card-v1' ? 'v1' : 'v2'}`} aria-label={block.title}>
        <ResponsiveImage image={block.backgroundImage} priority={priority} className="content-banner-card__image" />
        <div className="content-banner-card__card">
          <BannerText block={block} first={first} />
        </div>
      </section>
    );
  }
  return (
    <section className="content-banner" aria-label={block.title}>
      <ResponsiveImage image={block.backgroundImage} priority={priority} className="content-banner__image" />
      <div className="content-banner__scrim" aria-hidden="true" />
      <div className="sf-container content-banner__inner">
        <BannerText block={block} first={first} />
      </div>
    </section>
  );
}
