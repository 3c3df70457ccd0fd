export { calculateEstimate, estimatorFields, findPricingLeaf, isPricingLeaf, type EstimateValues } from './calculate-estimate.js';
export {
  breakdownSections,
  defaultEstimateValues,
  fieldDisplayLabel,
  hasPrice,
  selectionRows,
  selectionText,
  summaryRows,
  totalRows,
  type EstimateRow,
  type EstimateSection,
  type SelectionOptions,
} from './estimate-summary.js';
