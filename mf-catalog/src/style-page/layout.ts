import type { ProductStyle, StyleLayout } from '@storefront/contracts';

/** The layout the style's content asks for; V1 for anything else (data older than the field). */
export function styleLayout(style: Pick<ProductStyle, 'layout'>): StyleLayout {
  return style.layout === 'v2' ? 'v2' : 'v1';
}
