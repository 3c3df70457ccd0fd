import { object, string } from 'yup';

/**
 * Path parameters of the content API's definition files (GET /api/content/...): a name that is no
 * file is a 404 with the endpoint's message, never a 400, so each is any one path segment.
 */

/** GET /api/content/product-styles/:styleName (a style code, e.g. ssw). */
export const productStyleParamsSchema = object({ styleName: string().required() });
/** GET /api/content/forms/:formName (a file of content/forms/). */
export const formDefinitionParamsSchema = object({ formName: string().required() });
/** GET /api/content/estimator/:name (a file of content/estimator/, e.g. kitchen). */
export const estimatorParamsSchema = object({ name: string().required() });
