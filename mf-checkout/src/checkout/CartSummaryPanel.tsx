import type { SelectedSample } from '@storefront/contracts';
import { sameLine, type SampleLineKey } from '@storefront/sample-cart';
import { Alert, Button, ButtonLink, ErrorState, LoadingState } from '@storefront/ui';
import { CartLine } from './CartLine.js';
import { CartTotals } from './CartTotals.js';
import { checkoutText, CONTINUE_SHOPPING_PATH } from './messages.js';
import type { CartSummaryResult } from './useCartSummary.js';

export interface CartSummaryPanelProps {
  items: SelectedSample[];
  result: CartSummaryResult;
  onRemove(line: SampleLineKey): void;
  onClear(): void;
}

/** The priced cart: lines, totals and the two cart actions (spec: Cart summary). */
export function CartSummaryPanel({ items, result, onRemove, onClear }: CartSummaryPanelProps) {
  const { summary, status } = result;
  const localFor = (line: SampleLineKey) => items.find((item) => sameLine(item, line));

  let body;
  if (status === 'error') {
    body = <ErrorState title="We could not price your cart" message={result.error ?? 'Please try again.'} onRetry={result.retry} />;
  } else if (!summary) {
    body = <LoadingState label={checkoutText.loadingCart} />;
  } else {
    const unknown = items.filter((item) => summary.unknownSkus.includes(item.sku));
    body = (
      <div aria-busy={status === 'loading'}>
        {unknown.length > 0 && (
          <Alert type="warning">
            <p>These samples are no longer available and are not included in your total:</p>
            <ul className="sf-cart-unknown">
              {unknown.map((item) => (
                <li key={`${item.sku}-${item.finish.type}-${item.finish.value}`}>
                  {item.name} (SKU {item.sku}){' '}
                  <Button variant="link" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item)}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </Alert>
        )}
        <ul className="sf-cart-lines">
          {summary.lines.map((line) => {
            const key: SampleLineKey = { sku: line.sku, finish: line.finish ?? { type: '', value: '' } };
            const local = line.finish ? localFor(key) : items.find((item) => item.sku === line.sku);
            return (
              <CartLine
                key={`${line.sku}-${line.finish?.type}-${line.finish?.value}`}
                line={line}
                fallback={{ image: local?.image, finishLabel: local?.finish.label }}
                onRemove={() => onRemove(local ?? key)}
              />
            );
          })}
        </ul>
        <CartTotals summary={summary} />
      </div>
    );
  }

  return (
    <div className="sf-cart-summary">
      {body}
      <div className="sf-cart-summary__actions">
        <ButtonLink to={CONTINUE_SHOPPING_PATH} variant="secondary">
          {checkoutText.continueShopping}
        </ButtonLink>
        <Button variant="link" onClick={onClear}>
          {checkoutText.clearCart}
        </Button>
      </div>
    </div>
  );
}
