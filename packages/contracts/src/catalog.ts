import type { FaqEntry } from './pages.js';
import type { ImageRef } from './site.js';

export interface FinishOption {
  value: string;
  label: string;
  /** swatch image */
  image: { src: string };
  previewImage?: string;
  doorImage?: string;
  /** the colour the generated images are drawn in */
  hex: string;
  /** catalog listing: the colour filter's option (content/catalogs/listing-filters.json) */
  colorFamily?: string;
}

export interface FinishGroup {
  /** the finish type written to the address as ?type= */
  name: string;
  group: string;
  title: string;
  items: FinishOption[];
}

/** A sellable item of a style. Sample items (isSample) are what the sample cart orders. */
export interface StyleItem {
  sku: string;
  name: string;
  /** USD, 2 decimals */
  price: number;
  /** pounds */
  weight: number;
  isSample?: boolean;
  /**
   * Sample items only: the finish this sample door shows (type = FinishGroup.name, value = FinishOption.value),
   * so the style page can find the sample SKU of the chosen finish without parsing names.
   */
  finish?: { type: string; value: string };
}

export interface SpecProp {
  label: string;
  value: string;
}

/** How a spec's props read: rows of label and value (absent), a bulleted or numbered list, or running text. */
export type SpecContentFormat = 'unordered-list' | 'ordered-list' | 'text';
/** grid-view lays a spec's entries out in columns; list-view stacks them. */
export type SpecDisplay = 'grid-view' | 'list-view';

export interface SpecOptions {
  format?: SpecContentFormat;
  display?: SpecDisplay;
  /** show each prop's label before its value; true when absent */
  showKeys?: boolean;
  /** a picture beside the spec (e.g. a drawing of the cabinet box) */
  image?: ImageRef;
  /** assembly-videos only: the size each video thumbnail (and its player) takes, in px */
  width?: number;
  height?: number;
  /** assembly-videos only: draw a play icon over each thumbnail; true when absent */
  playIcon?: boolean;
}

/** One assembly video: a YouTube video (played from youtube-nocookie.com) or a file we host. */
export interface AssemblyVideo {
  title: string;
  youtubeId?: string;
  src?: string;
  thumbnail: string;
}

/** The spec named ASSEMBLY_VIDEOS_SPEC lists videos instead of (or besides) props. */
export const ASSEMBLY_VIDEOS_SPEC = 'assembly-videos';

export interface Spec {
  name: string;
  title: string;
  props: SpecProp[];
  options?: SpecOptions;
  /** assembly-videos only */
  videos?: AssemblyVideo[];
}

/** Which layout a style page uses: V1 (the first design) or V2 (gallery left, grouped finishes). */
export type StyleLayout = 'v1' | 'v2';

export interface ProductStyle {
  /** the style code used in the address, e.g. ssw */
  name: string;
  title: string;
  description: string;
  /** HTML, sanitised before rendering */
  shortDescription: string;
  label?: string;
  labels?: string[];
  /** catalog listing facets: e.g. kitchen-cabinets, shaker; addedOn (YYYY-MM-DD) sorts Newest/Oldest */
  category?: string;
  doorStyle?: string;
  addedOn?: string;
  images: (ImageRef & { type: 'base' | 'sample' | 'gallery' })[];
  finishes: FinishGroup[];
  items: StyleItem[];
  specifications: { specView: 'tabular' | 'tabbing'; specs: Spec[] };
  /**
   * Which layout the page uses. The content checker requires it on every style in content/; typed
   * optional so older fixtures and cached data still read as V1.
   */
  layout?: StyleLayout;
  /** questions shoppers ask about this style; the page shows them as an accordion when present */
  faqs?: FaqEntry[];
}

/** GET /api/content/product-styles: the list view. */
export interface ProductStyleSummary {
  name: string;
  title: string;
  label?: string;
  image: ImageRef;
}

/** What the browser shows as the chosen finish. */
export interface SelectedFinish {
  name: string;
  value: string;
  label: string;
  type: string;
  image?: string;
}
