export { calculateEstimate, estimatorFields, findPricingLeaf, isPricingLeaf, type EstimateValues } from './calculate-estimate.js';
