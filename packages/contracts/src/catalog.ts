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

export interface Spec {
  name: string;
  title: string;
  props: SpecProp[];
}

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
