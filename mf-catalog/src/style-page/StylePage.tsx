import { useCallback, useState } from 'react';
import { productStyleUrl, type FinishGroup, type ProductStyle } from '@storefront/contracts';
import { ErrorState, LoadingState, SafeHtml, usePageData, useParams, useSearchParams } from '@storefront/ui';
import { Breadcrumb, type Crumb } from './Breadcrumb.js';
import { FinishSelector } from './FinishSelector.js';
import { ImageSlider } from './ImageSlider.js';
import { SampleOrder } from './SampleOrder.js';
import { Specifications } from './Specifications.js';
import { StyleFaqs } from './StyleFaqs.js';
import { StyleReviews } from './StyleReviews.js';
import { DoorOverlay } from './DoorOverlay.js';
import { styleLayout } from './layout.js';
import { StyleNotFound } from './StyleNotFound.js';
import { finishSearchParams, resolveFinish, type ChosenFinish } from './finishes.js';
import { buildSlides, buildSlidesV2, doorSlideKey, previewSlideKey } from './slides.js';
import './StylePage.css';

export const STYLE_LIST_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets';

const TRAIL: Crumb[] = [
  { label: 'Home', path: '/' },
  { label: 'Products', path: '/products' },
  { label: 'Kitchen Cabinets', path: '/products/kitchen-cabinets' },
  { label: 'RTA Kitchen Cabinets', path: STYLE_LIST_PATH },
];

/** Product style detail page, layout V1 or V2 as the style's content says: /products/kitchen-cabinets/rta-kitchen-cabinets/:styleCode (the page table's parameter name) */
export default function StylePage() {
  const { styleCode: styleName = '' } = useParams<{ styleCode: string }>();
  const style = usePageData<ProductStyle>(styleName ? productStyleUrl(styleName) : null);

  if (!styleName || style.status === 'not-found') return <StyleNotFound styleName={styleName} />;
  if (style.status === 'error') {
    return (
      <div className="sf-container sf-page">
        <ErrorState title="We could not load this cabinet style" message={style.error ?? 'Please try again.'} onRetry={style.reload} />
      </div>
    );
  }
  if (style.status === 'loading' || !style.data) {
    return (
      <div className="sf-container sf-page">
        <LoadingState label="Loading style…" />
      </div>
    );
  }
  return <StyleDetail style={style.data} />;
}

function StyleDetail({ style }: { style: ProductStyle }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const finish = resolveFinish(style, searchParams.get('type'), searchParams.get('value'));
  const layout = styleLayout(style);
  // Only a finish the shopper picks moves the slider (V1: to its door, V2: to its kitchen preview);
  // a shared link opens on the first picture.
  const [pickedSlide, setPickedSlide] = useState<string | undefined>(undefined);
  const slides = layout === 'v2' ? buildSlidesV2(style, finish) : buildSlides(style, finish);

  const selectFinish = useCallback(
    (group: FinishGroup, value: string) => {
      const option = group.items.find((item) => item.value === value);
      if (!option) return;
      const chosen: ChosenFinish = { group, option };
      setSearchParams(
        (before) => {
          const next = new URLSearchParams(before);
          for (const [key, param] of Object.entries(finishSearchParams(chosen))) next.set(key, param);
          return next;
        },
        { replace: true },
      );
      setPickedSlide(layout === 'v2' ? previewSlideKey(chosen) : doorSlideKey(chosen));
    },
    [setSearchParams, layout],
  );

  const door = finish?.option.doorImage;
  const overlay =
    layout === 'v2' && finish && door && slides[0]
      ? {
          slideKey: finish.option.previewImage ? previewSlideKey(finish) : slides[0].key,
          node: <DoorOverlay src={door} alt={`${style.title} door in ${finish.option.label}`} label={finish.option.label} />,
        }
      : undefined;

  return (
    <div className={`sf-container sf-page sf-style-page sf-style-page--${layout}`}>
      <Breadcrumb trail={[...TRAIL, { label: style.title }]} />
      <article className={`sf-style sf-style--${layout}`} aria-labelledby="sf-style-title">
        <div className="sf-style__media">
          <ImageSlider slides={slides} focusKey={pickedSlide} label={`${style.title} images`} overlay={overlay} />
        </div>
        <div className="sf-style__info">
          {(style.labels ?? (style.label ? [style.label] : [])).map((label) => (
            <span key={label} className="sf-badge sf-style__label">
              {label}
            </span>
          ))}
          <h1 id="sf-style-title" className="sf-page__title">
            {style.title}
          </h1>
          <SafeHtml html={style.shortDescription} className="sf-style__summary" />
          {finish && <FinishSelector groups={style.finishes} selected={finish} onSelect={selectFinish} layout={layout} />}
          <SampleOrder style={style} finish={finish} />
        </div>
      </article>
      <Specifications specifications={style.specifications} />
      <StyleFaqs faqs={style.faqs} />
      <StyleReviews />
    </div>
  );
}
