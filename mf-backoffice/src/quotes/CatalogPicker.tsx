import { useEffect, useMemo, useRef, useState } from 'react';
import { formatUsd } from '@storefront/money';
import { Button, useBrowserCall } from '@storefront/ui';
import { SearchableSelect } from '@storefront/ui/fields';
import { loadCatalogItems, type CatalogItem } from './catalog-items.js';

/** What an option of the picker reads: typing a SKU or any word of the name finds it. */
export function catalogOptionLabel(item: CatalogItem): string {
  return `${item.sku} — ${item.name} (${formatUsd(item.price)})`;
}

/**
 * "Add from the catalog": a search box over the catalog's products (by SKU or name). The catalog is
 * asked for only when staff open the picker. A pick adds a line with the product's SKU, name and
 * catalog price, which staff may still change; the box stays open for the next one.
 */
export function CatalogPicker({ onPick }: { onPick: (item: CatalogItem) => void }) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState('');
  const catalog = useBrowserCall(open ? loadCatalogItems : null, 'quote-catalog-items');
  const box = useRef<HTMLInputElement>(null);
  const items = catalog.status === 'ready' ? catalog.data : null;
  const options = useMemo(() => (items ?? []).map((item) => ({ value: item.sku, label: catalogOptionLabel(item) })), [items]);

  useEffect(() => {
    if (open && items) box.current?.focus();
  }, [open, items]);

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Add from the catalog
      </Button>
    );
  }
  return (
    <div className="bo-quote-picker">
      <SearchableSelect
        ref={box}
        id="quote-catalog-picker"
        label="Add from the catalog"
        hint="Type a SKU or part of a product's name, then pick it: a line is added with its SKU, name and catalog price."
        placeholder="SKU or product name"
        options={options}
        value=""
        loading={catalog.status === 'loading'}
        loadError={catalog.status === 'failed' ? `The catalog could not be loaded: ${catalog.message}` : undefined}
        onRetry={catalog.reload}
        onChange={(sku) => {
          const item = items?.find((candidate) => candidate.sku === sku);
          if (!item) return;
          onPick(item);
          setAdded(`Added ${item.sku}, ${item.name}.`);
        }}
      />
      <p className="sf-visually-hidden" role="status" aria-live="polite">
        {added}
      </p>
    </div>
  );
}
