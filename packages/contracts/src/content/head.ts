import { object, string, type InferType } from 'yup';

export type { JsonLd, OpenGraph, PageHead } from '../content-files/responses.js';

/** GET /api/content/head and GET /api/content/page without a usable ?path= (missing, blank, repeated). */
export const PAGE_PATH_REQUIRED_MESSAGE = 'The path query parameter is required, e.g. ?path=/';

/** ?path=<pathname> of GET /api/content/head and GET /api/content/page: one text that is not blank, taken as sent. */
export const pagePathQuerySchema = object({
  path: string()
    .typeError(PAGE_PATH_REQUIRED_MESSAGE)
    .required(PAGE_PATH_REQUIRED_MESSAGE)
    .matches(/\S/, PAGE_PATH_REQUIRED_MESSAGE)
    .meta({ jsonSchema: { description: "the page's pathname, e.g. / or /kitchen-cabinets (a query string on it is ignored)" } }),
});
export type PagePathQuery = InferType<typeof pagePathQuerySchema>;
