export { calculateEstimate, estimatorFields, findPricingLeaf, isPricingLeaf, type EstimateValues } from './calculate-estimate.js';
export { estimateSummaryRows } from './summary-rows.js';
