import type { ImageRef, LinkAction } from './site.js';

export interface BreadcrumbItem {
  label: string;
  path: string;
}

/** Which structured-data schemas apply to a page. */
export interface PageSchemas {
  localBusiness?: boolean;
  organization?: boolean;
  faq?: boolean;
  breadcrumb?: boolean;
  video?: boolean;
  product?: boolean;
}

export interface BlockBase {
  /** unique within the page; the React key */
  id: string;
  type: string;
}

export interface BannerBlock extends BlockBase {
  type: 'banner';
  backgroundImage: ImageRef;
  title: string;
  subTitle?: string;
  description?: string;
  ratings?: { text: string; star: number };
  action?: LinkAction;
  bannerLayout?: 'single' | 'title-breadcrumb';
  /** the first banner of a page loads with high priority */
  priority?: boolean;
}

export interface MediaContentBlock extends BlockBase {
  type: 'media-content';
  title: string;
  /** HTML from content/, sanitised before rendering */
  description: string;
  image: ImageRef;
  action?: LinkAction;
  /** media-content puts the image left; content-media puts it right */
  mediaPosition?: 'left' | 'right';
}

export type KnownBlock = BannerBlock | MediaContentBlock;

/** A block whose type is not (yet) in the registry still parses; the renderer skips it with a log. */
export type Block = KnownBlock | (BlockBase & Record<string, unknown>);

/** content/pages/*.json, served by GET /api/content/page?path=/ */
export interface PageDefinition {
  slug: string;
  path: string;
  title: string;
  description: string;
  breadcrumb: BreadcrumbItem[];
  schemas: PageSchemas;
  blocks: Block[];
}

/**
 * Props every block component receives from the page renderer (mf-content's block registry), whichever
 * remote owns the block. `position` is the block's index on the page: the first banner loads eagerly.
 */
export interface BlockComponentProps<B extends BlockBase = Block> {
  block: B;
  position: number;
}
