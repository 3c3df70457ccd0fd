export { pageNumberItems, pageWindow, parsePageNumber } from './page-numbers.js';
export type { PageNumberItem } from './page-numbers.js';
export {
  INFINITE_SCROLL_OFFSET_PX,
  InfiniteScrollTrigger,
  LOAD_MORE_LABEL,
  LoadMoreButton,
  PageNumberNav,
} from './Pagination.js';
export type { InfiniteScrollTriggerProps, LoadMoreButtonProps, PageNumberNavProps, PaginationType } from './Pagination.js';
