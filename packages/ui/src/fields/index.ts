export {
  FieldError,
  FieldLabelText,
  FieldShell,
  FieldsetShell,
  LABEL_LENGTH_LIMIT,
  RequiredMark,
  controlAria,
  describedByIds,
  fieldClassName,
  fieldMessageIds,
} from './FieldShell.js';
export type { FieldBaseProps } from './FieldShell.js';
export { TextInput } from './TextInput.js';
export type { TextInputProps, TextInputType } from './TextInput.js';
export { Textarea, TEXTAREA_DEFAULT_ROWS } from './Textarea.js';
export type { TextareaProps } from './Textarea.js';
export { OPTIONS_LOADING, Select } from './Select.js';
export type { FieldChoice, SelectProps } from './Select.js';
export { SEARCHABLE_SELECT_MAX_SHOWN, SearchableSelect } from './SearchableSelect.js';
export type { SearchableSelectProps } from './SearchableSelect.js';
export type { OptionsLoadState } from './options-state.js';
export { Checkbox } from './Checkbox.js';
export type { CheckboxProps } from './Checkbox.js';
export { CheckboxGroup, RadioGroup } from './ChoiceGroups.js';
export type { CheckboxGroupProps, RadioGroupProps, RadioLayout } from './ChoiceGroups.js';
export { FileField, formatFileSize, pickFiles } from './FileField.js';
export type { FileFieldLayout, FileFieldProps } from './FileField.js';
export { FieldGrid, fieldGridClass } from './FieldGrid.js';
export { decimalOnly, digitsOnly } from './input-filters.js';
