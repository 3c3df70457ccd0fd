import type { ProductStyle } from '@storefront/contracts';
import { indexCatalog } from './catalog-index.js';

const style = (name: string, skus: string[]) =>
  ({ name, title: name, items: skus.map((sku) => ({ sku, name: sku, price: 1 })) }) as unknown as ProductStyle;

describe('indexCatalog', () => {
  it('finds items by SKU in any case; the first style listing a SKU wins', () => {
    const index = indexCatalog([style('ssw', ['SSW-B12', 'DUP']), style('asw', ['asw-b12', 'dup'])]);
    expect(index.get('SSW-B12')?.style.name).toBe('ssw');
    expect(index.get('ASW-B12')?.style.name).toBe('asw');
    expect(index.get('DUP')?.style.name).toBe('ssw');
  });

  it('builds the index once per catalog array', () => {
    const catalog = [style('ssw', ['SSW-B12'])];
    expect(indexCatalog(catalog)).toBe(indexCatalog(catalog));
    expect(indexCatalog([...catalog])).not.toBe(indexCatalog(catalog));
  });
});
