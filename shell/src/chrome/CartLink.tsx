import { SAMPLE_CART_COUNT_COOKIE } from '@storefront/contracts';
import { selectSampleCount, useSampleCart } from '@storefront/sample-cart';
import { useRequestCookie } from '@storefront/ui';
import { Link } from 'react-router-dom';

export function CartLink() {
  const counted = useSampleCart(selectSampleCount);
  const hydrated = useSampleCart((state) => state.hydrated);
  // Before the browser has read the cart (and in the server's HTML) the count cookie the cart keeps
  // gives the badge, so it does not pop in after the scripts.
  const hinted = Number(useRequestCookie(SAMPLE_CART_COUNT_COOKIE) ?? 0);
  const count = hydrated ? counted : Number.isInteger(hinted) && hinted > 0 ? hinted : 0;
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to="/checkout" className="shell-cart" aria-label={label}>
      <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {count > 0 && (
        <span className="sf-badge shell-cart__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
