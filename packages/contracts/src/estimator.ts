import type { EmailNotifications } from './forms.js';

export interface EstimatorOption {
  label: string;
  value: string;
  customLabel?: string;
  description?: string;
}

export interface EstimatorField {
  name: string;
  type: 'select' | 'radio' | 'number' | 'text' | 'email' | 'tel' | 'textarea' | 'checkbox';
  label: string;
  customLabel?: string;
  required?: boolean;
  options?: EstimatorOption[];
  /** pricing data for this field is nested under the value of the named field */
  dependsOn?: string;
  /** only fields with useInCalculation contribute to the price */
  useInCalculation?: boolean;
  hideInPDF?: boolean;
  defaultValue?: string;
  placeholder?: string;
}

export interface EstimatorGroup {
  name: string;
  title: string;
  layout: 'accordion' | 'popup';
  fields: EstimatorField[];
  actions?: { next?: { text: string; target: string }; submit?: { text: string }; print?: { text: string } };
}

export interface EstimatorSummaryConfig {
  title: string;
  note?: string;
  position: 'top' | 'side';
  breakdowns: { label: string; items: { name: string; label: string; fields: string[] }[] }[];
  productTotal: { label: string };
  laborTotal: { label: string };
  grandTotal: { label: string };
}

/** content/estimator/{name}.json */
export interface EstimatorTemplate {
  id: string;
  name: string;
  title: string;
  description?: string;
  className?: string;
  groups: EstimatorGroup[];
  summary: EstimatorSummaryConfig;
  /** the optional Reset button (spec §4): shown when `reset` has a text */
  buttons?: { reset?: string };
  /** sent with Email My Estimate (never with Download PDF) */
  emailNotifications?: EmailNotifications;
  /** sent with every submission (Email My Estimate and Download PDF) */
  metadata?: Record<string, unknown>;
  /** defaults to the pricing data file of the same name */
  priceTemplate?: string;
}

export interface PriceBand {
  min: number;
  max: number;
}

export interface PricingLeaf {
  price: PriceBand;
  labor: PriceBand;
}

/**
 * Keyed by field name, then selected value; a field with dependsOn nests one level deeper under the
 * value chosen for the field it depends on: pricing[field][parentValue][value].
 */
export type PricingData = Record<string, PricingNode>;
export interface PricingNode {
  [value: string]: PricingLeaf | PricingNode;
}

export interface FieldPriceBreakdown {
  min: number;
  max: number;
  laborMin: number;
  laborMax: number;
  totalMin: number;
  totalMax: number;
}

export interface PriceResult {
  min: number;
  max: number;
  laborMin: number;
  laborMax: number;
  finalMin: number;
  finalMax: number;
  /** "$min - $max" strings with thousands separators */
  display: { product: string; labor: string; total: string };
  breakdown: Record<string, FieldPriceBreakdown>;
}

/** GET /api/content/estimator/{name} */
export interface EstimatorBundle {
  template: EstimatorTemplate;
  pricing: PricingData;
}
