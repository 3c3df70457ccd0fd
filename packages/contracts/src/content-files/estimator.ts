import type { InferType } from 'yup';
import { anyValue, fieldName, fields, flag, listOf, numberIn, oneOfText, recordOf, rule, slug, text } from './editor-rules.js';
import { emailNotificationsSchema, type FormFieldType } from './forms.js';

// content/estimator/{name}.json and content/estimator/pricing/{name}.json. That the template and its
// pricing agree (every priced value, following each field's dependsOn chain) is the content check's
// (content/scripts/checks/estimator.mjs).

export const estimatorOptionSchema = fields({ label: text(), value: text(), customLabel: text().optional(), description: text().optional() });
export type EstimatorOption = InferType<typeof estimatorOptionSchema>;

/**
 * The form field types an estimator question may be: a subset of the forms' (the compiler refuses one
 * that is not a FormFieldType), so a question reads through the same field-type registry and kit fields.
 */
export const ESTIMATOR_FIELD_TYPES = ['select', 'radio', 'number', 'text', 'email', 'tel', 'textarea', 'checkbox'] as const satisfies readonly FormFieldType[];
export type EstimatorFieldType = (typeof ESTIMATOR_FIELD_TYPES)[number];

export const estimatorFieldSchema = fields({
  name: fieldName(),
  type: oneOfText(ESTIMATOR_FIELD_TYPES),
  label: text(),
  customLabel: text().optional(),
  required: flag().optional(),
  options: listOf(estimatorOptionSchema, { min: 1 }).optional(),
  /** pricing data for this field is nested under the value of the named field */
  dependsOn: text().optional(),
  /** only fields with useInCalculation contribute to the price */
  useInCalculation: flag().optional(),
  hideInPDF: flag().optional(),
  defaultValue: text().optional(),
  placeholder: text().optional(),
});
export type EstimatorField = InferType<typeof estimatorFieldSchema>;

export const estimatorGroupSchema = fields({
  name: slug(),
  title: text(),
  layout: oneOfText(['accordion', 'popup']),
  fields: listOf(estimatorFieldSchema, { min: 1 }),
  actions: fields({
    next: fields({ text: text(), target: text() }).optional(),
    submit: fields({ text: text() }).optional(),
    print: fields({ text: text() }).optional(),
  }).optional(),
});
export type EstimatorGroup = InferType<typeof estimatorGroupSchema>;

export const estimatorSummaryConfigSchema = fields({
  title: text(),
  note: text().optional(),
  position: oneOfText(['top', 'side']),
  breakdowns: listOf(fields({ label: text(), items: listOf(fields({ name: slug(), label: text(), fields: listOf(text(), { min: 1 }) }), { min: 1 }) })),
  productTotal: fields({ label: text() }),
  laborTotal: fields({ label: text() }),
  grandTotal: fields({ label: text() }),
});
export type EstimatorSummaryConfig = InferType<typeof estimatorSummaryConfigSchema>;

/** content/estimator/{name}.json */
export const estimatorTemplateSchema = fields({
  id: slug(),
  name: slug(),
  title: text(),
  description: text().optional(),
  className: text().optional(),
  groups: listOf(estimatorGroupSchema, { min: 1 }),
  summary: estimatorSummaryConfigSchema,
  /** the optional Reset button (spec §4): shown when `reset` has a text */
  buttons: fields({ reset: text().optional() }).optional(),
  /** sent with Email My Estimate (never with Download PDF) */
  emailNotifications: emailNotificationsSchema.optional(),
  /** sent with every submission (Email My Estimate and Download PDF) */
  metadata: recordOf(anyValue()).optional(),
  /** defaults to the pricing data file of the same name */
  priceTemplate: slug().optional(),
});
export type EstimatorTemplate = InferType<typeof estimatorTemplateSchema>;

/** A price range in dollars. */
export const priceBandSchema = fields({ min: numberIn({ min: 0 }), max: numberIn({ min: 0 }) }).test(
  rule<{ min?: unknown; max?: unknown }>('band', (band) =>
    typeof band.min === 'number' && typeof band.max === 'number' && band.min > band.max ? [['', `min (${band.min}) must not be above max (${band.max})`]] : [],
  ),
);
export type PriceBand = InferType<typeof priceBandSchema>;

/** What one chosen value costs: the product and the labor. */
export const pricingLeafSchema = fields({ price: priceBandSchema, labor: priceBandSchema });
export type PricingLeaf = InferType<typeof pricingLeafSchema>;

/**
 * Keyed by field name, then selected value; a field with dependsOn nests one level deeper under the
 * value chosen for the field it depends on: pricing[field][parentValue][value]. The nesting depth
 * follows the template, so the content check reads the leaves (with pricingLeafSchema) along it.
 */
export type PricingData = Record<string, PricingNode>;
export interface PricingNode {
  [value: string]: PricingLeaf | PricingNode;
}
/** content/estimator/pricing/{name}.json: objects of objects (the leaves are checked along the template). */
export const pricingDataSchema = recordOf(recordOf<PricingLeaf | PricingNode>(anyValue()));

/** GET /api/content/estimator/{name} */
export const estimatorBundleSchema = fields({ template: estimatorTemplateSchema, pricing: pricingDataSchema });
export interface EstimatorBundle {
  template: EstimatorTemplate;
  pricing: PricingData;
}
