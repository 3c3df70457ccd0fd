import type { ProductStyle } from '@storefront/contracts';

/** How a style's doors are drawn: a flat slab, or a frame (rails this wide) around a recessed or raised panel. */
export type DoorProfile = { kind: 'slab' } | { kind: 'framed'; rail: number; raised: boolean };

/**
 * The door profile from the style's "Door style" specification (the words the catalog already uses:
 * slab, raised, slim, craftsman; anything else is a shaker frame).
 */
export function doorProfileOf(style: Pick<ProductStyle, 'specifications'>): DoorProfile {
  const doorStyle =
    style.specifications.specs.flatMap((spec) => spec.props).find((prop) => prop.label === 'Door style')?.value.toLowerCase() ?? '';
  if (doorStyle.includes('slab')) return { kind: 'slab' };
  if (doorStyle.includes('craftsman')) return { kind: 'framed', rail: 0.2, raised: false };
  if (doorStyle.includes('slim')) return { kind: 'framed', rail: 0.09, raised: false };
  return { kind: 'framed', rail: 0.14, raised: doorStyle.includes('raised') };
}

const HEX = /^#?([0-9a-f]{6})$/i;

/** The colour made darker (amount 0..1) for door edges and panel shadows; an unreadable colour is a neutral grey. */
export function shade(hex: string, amount: number): string {
  const match = HEX.exec(hex.trim());
  if (!match) return '#7a7a7a';
  const value = parseInt(match[1]!, 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (0 dark .. 1 light): a dark finish gets light hardware so the pulls stay visible. */
export function isDark(hex: string): boolean {
  const match = HEX.exec(hex.trim());
  if (!match) return false;
  const value = parseInt(match[1]!, 16);
  const [r, g, b] = [16, 8, 0].map((shift) => ((value >> shift) & 0xff) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45;
}
