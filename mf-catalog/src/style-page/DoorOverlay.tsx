import { useEffect, useRef, useState } from 'react';

export interface DoorOverlayProps {
  src: string;
  /** e.g. "Shaker Snow White door in Alabaster" */
  alt: string;
  /** a caption under the door: the finish's name */
  label: string;
}

type DoorState = 'loading' | 'shown' | 'failed';

/**
 * The chosen finish's door laid over the kitchen preview (V2). The spec hides it when its image fails:
 * it stays invisible until the picture has loaded, and a failed picture removes the overlay, so a
 * broken-image icon is never shown. The server-rendered <img> may finish (or fail) before React
 * hydrates and misses the event, so the element's own state is read once on mount too.
 */
export function DoorOverlay({ src, alt, label }: DoorOverlayProps) {
  const image = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<{ src: string; value: DoorState }>({ src, value: 'loading' });
  const current: DoorState = state.src === src ? state.value : 'loading';

  useEffect(() => {
    const element = image.current;
    if (!element?.complete) return;
    // complete with no pixels = the request failed before hydration
    setState({ src, value: element.naturalWidth > 0 ? 'shown' : 'failed' });
  }, [src]);

  if (current === 'failed') return null;
  return (
    <figure className={`sf-door-overlay${current === 'shown' ? ' sf-door-overlay--shown' : ''}`} aria-hidden={current !== 'shown' || undefined}>
      <img
        key={src}
        ref={image}
        className="sf-door-overlay__image"
        src={src}
        alt={alt}
        width={120}
        height={160}
        onLoad={() => setState({ src, value: 'shown' })}
        onError={() => setState({ src, value: 'failed' })}
      />
      <figcaption className="sf-door-overlay__label">{label}</figcaption>
    </figure>
  );
}
