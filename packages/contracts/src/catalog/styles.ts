
export type { ProductStyleSummary } from '../content-files/responses.js';

export type { AssemblyVideo, FinishGroup, FinishOption, ProductStyle, Spec, SpecContentFormat, SpecDisplay, SpecOptions, SpecProp, StyleItem, StyleLayout } from '../content-files/catalog.js';

/** The spec named ASSEMBLY_VIDEOS_SPEC lists videos instead of (or besides) props. */
export const ASSEMBLY_VIDEOS_SPEC = 'assembly-videos';

/** What the browser shows as the chosen finish. */
export interface SelectedFinish {
  name: string;
  value: string;
  label: string;
  type: string;
  image?: string;
}
