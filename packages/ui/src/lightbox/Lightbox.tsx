import type { ImageRef } from '@storefront/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../Button.js';
import { useFocusTrap } from '../useFocusTrap.js';
import { useScrollLock } from '../useScrollLock.js';

/** §9: the lightbox enlarges at most 2x by default and opens on slide 0. */
export const DEFAULT_MAX_ZOOM = 2;
export const ZOOM_STEP = 0.5;

/** The zoom after a step in or out: never below 1 (the fitted picture) nor above the max ratio. */
export function clampZoom(zoom: number, maxZoom: number = DEFAULT_MAX_ZOOM): number {
  return Math.min(Math.max(zoom, 1), Math.max(1, maxZoom));
}

/** The index after moving by `step`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  return count === 0 ? 0 : (((index + step) % count) + count) % count;
}

/** One picture in the lightbox (a gallery item or a product image); the caption falls back to the alt text. */
export interface LightboxItem {
  image: ImageRef;
  caption?: string;
}

export interface LightboxProps {
  items: LightboxItem[];
  index: number;
  maxZoom?: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** the thumbnail that opened it: focus returns there on close */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** A modal viewer: arrows move between pictures, Escape closes, Tab stays inside, zoom up to maxZoom. */
export function Lightbox({ items, index, maxZoom = DEFAULT_MAX_ZOOM, onIndexChange, onClose, returnFocusTo }: LightboxProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [zoom, setZoom] = useState(1);
  const [open, setOpen] = useState(false);
  const trap = useFocusTrap(dialog, { active: open, onEscape: onClose, initialFocus: closeButton, returnFocusTo });
  useScrollLock(true);

  // The trap activates after mount so it can focus the Close button inside the dialog. The dialog
  // closes by unmounting, so focus goes back to the opener here (the trap only sees active -> false).
  useEffect(() => {
    setOpen(true);
    // the opener is known when the lightbox mounts (it was just clicked)
    const opener = returnFocusTo.current;
    return () => {
      setOpen(false);
      opener?.focus();
    };
  }, [returnFocusTo]);

  // A new picture starts fitted.
  useEffect(() => setZoom(1), [index]);

  // A zoom button that reaches its limit turns disabled and would drop focus out of the dialog (and
  // with it Escape and the arrows): focus moves to the opposite zoom button instead.
  const zoomInButton = useRef<HTMLButtonElement>(null);
  const zoomOutButton = useRef<HTMLButtonElement>(null);
  const zoomBy = (step: number) => {
    const next = clampZoom(zoom + step, maxZoom);
    setZoom(next);
    if (step > 0 && next >= maxZoom) pendingFocus.current = zoomOutButton;
    if (step < 0 && next <= 1) pendingFocus.current = zoomInButton;
  };
  const pendingFocus = useRef<RefObject<HTMLButtonElement | null> | null>(null);
  useEffect(() => {
    pendingFocus.current?.current?.focus();
    pendingFocus.current = null;
  }, [zoom]);

  // CSP forbids style attributes: the zoom reaches the CSS as a custom property set through the CSSOM.
  useEffect(() => {
    frame.current?.style.setProperty('--lightbox-zoom', String(zoom));
  }, [zoom]);

  const item = items[index];
  if (!item) return null;
  const count = items.length;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      onIndexChange(wrapIndex(index, 1, count));
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onIndexChange(wrapIndex(index, -1, count));
    } else if (event.key === '+' || event.key === '=') {
      setZoom((z) => clampZoom(z + ZOOM_STEP, maxZoom));
    } else if (event.key === '-') {
      setZoom((z) => clampZoom(z - ZOOM_STEP, maxZoom));
    } else {
      trap.onKeyDown(event);
    }
  };

  // Portalled to <body>: an opener inside a sticky or transformed box (the style page's gallery) would
  // otherwise trap the overlay in that box's stacking context, under the site header. The lightbox
  // only ever mounts after a click, so document exists.
  return createPortal(
    <div className="sf-lightbox" role="presentation" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className="sf-lightbox__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="sf-lightbox__bar">
          <p id={titleId} className="sf-lightbox__title">
            {item.caption ?? item.image.altText}{' '}
            <span className="sf-lightbox__count">
              ({index + 1} of {count})
            </span>
          </p>
          <div className="sf-lightbox__tools">
            <button ref={zoomOutButton} type="button" className="sf-button sf-button--secondary" onClick={() => zoomBy(-ZOOM_STEP)} disabled={zoom <= 1} aria-label="Zoom out">
              −
            </button>
            <span className="sf-lightbox__zoom" aria-live="polite">
              {Math.round(zoom * 100)}%
            </span>
            <button ref={zoomInButton} type="button" className="sf-button sf-button--secondary" onClick={() => zoomBy(ZOOM_STEP)} disabled={zoom >= maxZoom} aria-label="Zoom in">
              +
            </button>
            {/* plain buttons: the kit's Button takes no ref; the trap focuses Close first */}
            <button ref={closeButton} type="button" className="sf-button sf-button--secondary" onClick={onClose} aria-label="Close">
              ×
            </button>
          </div>
        </div>
        <div ref={frame} className={`sf-lightbox__frame${zoom > 1 ? ' sf-lightbox__frame--zoomed' : ''}`}>
          <img className="sf-lightbox__image" src={item.image.src} alt={item.image.altText} width={item.image.width} height={item.image.height} />
        </div>
        {count > 1 && (
          <div className="sf-lightbox__nav">
            <Button variant="secondary" onClick={() => onIndexChange(wrapIndex(index, -1, count))} aria-label="Previous picture">
              ‹ Previous
            </Button>
            <Button variant="secondary" onClick={() => onIndexChange(wrapIndex(index, 1, count))} aria-label="Next picture">
              Next ›
            </Button>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
