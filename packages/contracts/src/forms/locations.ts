import { array, object, string, type InferType } from 'yup';

/** One entry of a location list: ISO 3166 codes as values for countries and states, the name for cities. */
export const locationOptionSchema = object({
  value: string().required(),
  label: string().required(),
});
export type LocationOption = InferType<typeof locationOptionSchema>;

/** GET /api/content/locations/... answers (the bundled location data, served by the content service). */
export const locationOptionsResponseSchema = array(locationOptionSchema.required()).required();
export type LocationOptionsResponse = InferType<typeof locationOptionsResponseSchema>;

export const LOCATION_MESSAGES = {
  /** shown in the select while its list loads (the spec's generic loading text) */
  loading: 'Loading...',
  loadFailed: 'Could not load the list',
  unknownCountry: (country: string) => `Country "${country}" not found`,
  unknownState: (country: string, state: string) => `State "${state}" not found in country "${country}"`,
} as const;

/** GET /api/content/locations/countries/:country/states: an ISO 3166 country code (an unknown one is a 404). */
export const locationStatesParamsSchema = object({ country: string().required() });
/** GET /api/content/locations/countries/:country/states/:state/cities */
export const locationCitiesParamsSchema = object({ country: string().required(), state: string().required() });
