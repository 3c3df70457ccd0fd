export { schemaResolver } from './schema-resolver.js';
export { FormCheckbox, FormSelect, FormTextInput, boundFieldId, useBoundFieldState } from './bound-fields.js';
export type { FormCheckboxProps, FormSelectProps, FormTextInputProps } from './bound-fields.js';
