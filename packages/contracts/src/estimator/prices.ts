
export type { EstimatorBundle, EstimatorField, EstimatorGroup, EstimatorOption, EstimatorSummaryConfig, EstimatorTemplate, PriceBand, PricingData, PricingLeaf, PricingNode } from '../content-files/estimator.js';

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
