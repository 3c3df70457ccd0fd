import './interactive.css';
import type { BlockComponentProps, MasonryGalleryBlock } from '@storefront/contracts';
import { useRef, useState } from 'react';
import { ResponsiveImage, SafeHtml, Link, TitledSection } from '@storefront/ui';
import { DEFAULT_MAX_ZOOM, Lightbox } from '@storefront/ui/lightbox';

/**
 * Columns and gutters (px) by viewport width. The layout itself is CSS (interactive.css, same numbers)
 * so the server's first HTML is already right at every width; this table is the reference for it.
 */
export const MASONRY_LAYOUT = [
  { below: 750, columns: 1, gutter: 10 },
  { below: 1201, columns: 2, gutter: 20 },
  { below: Infinity, columns: 3, gutter: 30 },
] as const;

export function masonryLayoutFor(width: number): { columns: number; gutter: number } {
  const row = MASONRY_LAYOUT.find((r) => width < r.below) ?? MASONRY_LAYOUT[2];
  return { columns: row.columns, gutter: row.gutter };
}

/** Pictures of varied heights in 1/2/3 columns; a picture opens the zoom lightbox, an entry links to its page. */
export default function MasonryGallery({ block }: BlockComponentProps<MasonryGalleryBlock>) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  // Only pictures without a link open the lightbox; it pages through those.
  const viewable = block.items.filter((item) => !item.url);

  return (
    <TitledSection className="sf-container content-masonry" title={block.title} headingClassName="content-masonry__title">
      {block.description && <SafeHtml html={block.description} className="content-masonry__description" />}
      <ul className="content-masonry__grid">
        {block.items.map((item) => {
          const figure = (
            <>
              <ResponsiveImage image={item.image} className="content-masonry__image" />
              {item.caption && <span className="content-masonry__caption">{item.caption}</span>}
            </>
          );
          if (item.url) {
            return (
              <li key={item.image.src + item.url} className="content-masonry__item">
                <Link to={item.url} className="content-masonry__link">
                  {figure}
                </Link>
              </li>
            );
          }
          const viewIndex = viewable.indexOf(item);
          return (
            <li key={item.image.src} className="content-masonry__item">
              <button
                type="button"
                className="content-masonry__open"
                aria-label={`Enlarge: ${item.caption ?? item.image.altText}`}
                aria-haspopup="dialog"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setOpenIndex(viewIndex);
                }}
              >
                {figure}
              </button>
            </li>
          );
        })}
      </ul>
      {openIndex !== null && (
        <Lightbox
          items={viewable}
          index={openIndex}
          maxZoom={block.maxZoomRatio ?? DEFAULT_MAX_ZOOM}
          onIndexChange={setOpenIndex}
          onClose={() => {
            setOpenIndex(null);
            opener.current?.focus();
          }}
          returnFocusTo={opener}
        />
      )}
    </TitledSection>
  );
}
