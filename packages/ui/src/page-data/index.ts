export { PageDataStore, fetchPageData, TIMEOUT_MESSAGE } from './page-data-store.js';
export type { PageDataEntry, PageDataFetch, PageDataSnapshot, PageDataStatus, PageDataStoreOptions } from './page-data-store.js';
export { PageDataContext, usePageData } from './usePageData.js';
export type { JsonResult, JsonStatus } from './usePageData.js';
/** The site settings and menus every page's header and footer show (kept here: deployed remotes import it from the UI kit). */
export { SITE_DATA_URL } from '@storefront/contracts';

export { PAGE_DATA_ELEMENT_ID, readPageBootstrap, toScriptJson } from './serialize.js';
export type { PageBootstrap } from './serialize.js';
