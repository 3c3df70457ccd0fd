import { useState } from 'react';
import type { PricedCartLine } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Button } from '@storefront/ui';

/** Shown when a line has no image or its image fails to load. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#f3ece3"/><rect x="28" y="18" width="40" height="60" rx="3" fill="none" stroke="#c9b8a6" stroke-width="3"/><rect x="36" y="26" width="24" height="44" fill="none" stroke="#c9b8a6" stroke-width="2"/></svg>',
  );

export interface CartLineProps {
  line: PricedCartLine;
  /** what the cart stored for the line (finish label, image) when the server answer lacks it */
  fallback?: { image?: { src: string; altText: string }; finishLabel?: string };
  onRemove(): void;
}

export function CartLine({ line, fallback, onRemove }: CartLineProps) {
  const image = line.image ?? fallback?.image;
  const [broken, setBroken] = useState(false);
  const finishLabel = line.finish?.label ?? fallback?.finishLabel;
  return (
    <li className="sf-cart-line">
      <img
        className="sf-cart-line__image"
        src={!image || broken ? PLACEHOLDER_IMAGE : image.src}
        alt={image && !broken ? image.altText : ''}
        width={72}
        height={72}
        loading="lazy"
        onError={() => setBroken(true)}
      />
      <div className="sf-cart-line__body">
        <p className="sf-cart-line__name">{line.name}</p>
        <dl className="sf-cart-line__facts">
          <div>
            <dt>Style</dt>
            <dd>{line.styleTitle}</dd>
          </div>
          <div>
            <dt>SKU</dt>
            <dd>{line.sku}</dd>
          </div>
          {line.finish && (
            <>
              <div>
                <dt>Finish type</dt>
                <dd>{line.finish.type}</dd>
              </div>
              <div>
                <dt>Finish</dt>
                <dd>
                  {finishLabel ? `${finishLabel} (${line.finish.value})` : line.finish.value}
                </dd>
              </div>
            </>
          )}
          <div>
            <dt>Price</dt>
            <dd>{formatCents(line.price)}</dd>
          </div>
          <div>
            <dt>Qty</dt>
            <dd>{line.qty}</dd>
          </div>
          <div className="sf-cart-line__total">
            <dt>Line total</dt>
            <dd>{formatCents(line.rowTotal)}</dd>
          </div>
        </dl>
      </div>
      <Button variant="link" className="sf-cart-line__remove" aria-label={`Remove ${line.name}`} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </Button>
    </li>
  );
}
