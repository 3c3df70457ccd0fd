export { schemaResolver } from './schema-resolver.js';
export { useValuesTypedBeforeHydration } from './typed-before-hydration.js';
export { FormCheckbox, FormSelect, FormTextInput, boundFieldId, useBoundFieldState } from './bound-fields.js';
export type { FormCheckboxProps, FormSelectProps, FormTextInputProps } from './bound-fields.js';
export { addressTextValues } from './address-values.js';
export { countryChoices, stateChoices } from './location-choices.js';
export type { AddressTextValues } from './address-values.js';
