import type { ProductStyle } from '@storefront/contracts';
import { styleLayout } from './layout.js';

describe('styleLayout', () => {
  it('follows the content', () => {
    expect(styleLayout({ layout: 'v2' })).toBe('v2');
    expect(styleLayout({ layout: 'v1' })).toBe('v1');
  });
  it('falls back to V1 for a missing or unknown layout', () => {
    expect(styleLayout({} as Pick<ProductStyle, 'layout'>)).toBe('v1');
    expect(styleLayout({ layout: 'v3' } as unknown as Pick<ProductStyle, 'layout'>)).toBe('v1');
  });
});
