import { mixed, type InferType, type ISchema } from 'yup';
import { anyValue, fieldName, fields, flag, imagePath, listOf, numberIn, oneOfText, recordOf, recursive, slug, text, type RecursiveSchema } from './editor-rules.js';

// content/forms/{name}.json, served by GET /api/content/forms/{name}. Rules across a form's fields
// (unique names, options where needed, hideWhen/dependsOn naming fields of the form) are the content
// check's (content/scripts/checks/forms.mjs).

export const FORM_FIELD_TYPES = ['text', 'email', 'number', 'hidden', 'tel', 'password', 'textarea', 'select', 'checkbox', 'newsletter', 'checkbox-group', 'radio', 'file', 'group'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A text, number or true/false (or, with `list`, a list of them). */
function scalarValue<T extends Scalar | Scalar[]>({ list, listOfText = false }: { list: boolean; listOfText?: boolean }) {
  const wanted = list ? (listOfText ? 'a text, number, true/false or a list of texts' : 'a text, number, true/false or a list of them') : 'a text, number or true/false';
  return mixed<T>()
    .defined('is required')
    .test('scalar', (params) => `must be ${wanted} (got ${JSON.stringify(params.value)})`, (value) => {
      if (value === undefined) return true;
      if (Array.isArray(value)) return list && value.every((entry) => (listOfText ? typeof entry === 'string' : isScalar(entry)));
      return isScalar(value);
    });
}

export const hideWhenSchema = fields({
  field: text(),
  /** one value or any of a list */
  equals: scalarValue<Scalar | Scalar[]>({ list: true }),
});
export type HideWhen = InferType<typeof hideWhenSchema>;

/**
 * The icons a card radio option may name (`image.iconName`): drawn by the UI kit's ChoiceIcon
 * (packages/ui/src/fields/choice-icons.tsx, which must draw every one). Any other name is refused by
 * the content check, so a typo never ships as a missing icon.
 */
export const CHOICE_ICON_NAMES = ['box-damaged', 'box-missing', 'swap', 'kitchen', 'blueprint', 'home', 'ruler', 'calendar', 'chat'] as const;
export type ChoiceIconName = (typeof CHOICE_ICON_NAMES)[number];

export const fieldOptionSchema = fields({
  label: text(),
  value: text(),
  hideWhen: hideWhenSchema.optional(),
  /** card-layout radios */
  description: text().optional(),
  image: fields({
    src: imagePath().optional(),
    width: numberIn({ min: 1 }).optional(),
    height: numberIn({ min: 1 }).optional(),
    alt: text().optional(),
    /** one of CHOICE_ICON_NAMES: a small icon drawn on the card (with or without `src`) */
    iconName: oneOfText(CHOICE_ICON_NAMES).optional(),
  }).optional(),
  /** free-form data an option carries for fields that depend on it (spec §3 "optional dependencies") */
  dependencies: recordOf(anyValue()).optional(),
});
export type FieldOption = InferType<typeof fieldOptionSchema>;

/** Options read from the bundled location data instead of `options` (spec §3 dynamicOptions). */
export type DynamicOptionsSource = 'countries' | 'states' | 'cities';
/** file fields: drag-and-drop zone or a plain file input (spec §3 "file layout") */
export type FileFieldLayout = 'drag-&-drop' | 'file-input';
/** radio fields (spec §3 "radio layout") */
export type RadioFieldLayout = 'radio' | 'button' | 'card';

// A group field holds fields: yup cannot infer a recursive type, so FormField is declared here and
// the compiler holds the schema below to it.
export interface FormField {
  name: string;
  type: FormFieldType;
  label?: string | undefined;
  required?: boolean | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  value?: string | number | boolean | string[] | undefined;
  options?: FieldOption[] | undefined;
  placeholder?: string | undefined;
  hideWhen?: HideWhen | undefined;
  multiSelect?: boolean | undefined;
  /** options from location data: states need `dependsOn` naming the country field, cities the state field */
  dynamicOptions?: DynamicOptionsSource | undefined;
  /** the field whose value this field's options (or prices) depend on */
  dependsOn?: string | undefined;
  /** dynamic options: only these values (ISO codes for countries/states, names for cities) */
  filter?: string[] | undefined;
  /** select: type to narrow the options */
  isDropdownSearchable?: boolean | undefined;
  /** digits only */
  onlyNumbers?: boolean | undefined;
  /** digits with one optional decimal point */
  numericOnly?: boolean | undefined;
  /** textarea rows, default 4 */
  rows?: number | undefined;
  column?: number | undefined;
  span?: number | undefined;
  className?: string | undefined;
  /** default 40 */
  labelLengthLimit?: number | undefined;
  fileTypes?: string[] | undefined;
  /** MB, default 2 (1 MB = 1048576 bytes) */
  maxFileSize?: number | undefined;
  maxFiles?: number | undefined;
  /** file: FileFieldLayout (default drag-&-drop); radio: RadioFieldLayout (default radio) */
  layout?: string | undefined;
  /** group sub-fields */
  fields?: FormField[] | undefined;
}

export const formFieldSchema: RecursiveSchema<FormField> = recursive<FormField>((): ISchema<FormField> => formFieldShape);
const formFieldShape = fields({
    name: fieldName(),
    type: oneOfText(FORM_FIELD_TYPES),
    label: text().optional(),
    required: flag().optional(),
    minLength: numberIn({ min: 0, integer: true }).optional(),
    maxLength: numberIn({ min: 1, integer: true }).optional(),
    value: scalarValue<string | number | boolean | string[]>({ list: true, listOfText: true }).optional(),
    options: listOf(fieldOptionSchema, { min: 1 }).optional(),
    placeholder: text().optional(),
    hideWhen: hideWhenSchema.optional(),
    multiSelect: flag().optional(),
    dynamicOptions: oneOfText(['countries', 'states', 'cities']).optional(),
    dependsOn: text().optional(),
    filter: listOf(text()).optional(),
    isDropdownSearchable: flag().optional(),
    onlyNumbers: flag().optional(),
    numericOnly: flag().optional(),
    rows: numberIn({ min: 1, integer: true }).optional(),
    column: numberIn({ min: 1, integer: true }).optional(),
    span: numberIn({ min: 1, integer: true }).optional(),
    className: text().optional(),
    labelLengthLimit: numberIn({ min: 1, integer: true }).optional(),
    fileTypes: listOf(text()).optional(),
    maxFileSize: numberIn({ min: 0 }).optional(),
    maxFiles: numberIn({ min: 1, integer: true }).optional(),
    layout: text().optional(),
  fields: listOf(formFieldSchema, { min: 1 }).optional(),
});

export const formMessagesSchema = fields({
  /** may be HTML */
  success: text().optional(),
  error: text().optional(),
  showOverlay: flag().optional(),
});
export type FormMessages = InferType<typeof formMessagesSchema>;

export const emailNotificationsSchema = fields({ sendSuccessEmail: flag().optional(), emailTemplateId: text().optional() });
export type EmailNotifications = InferType<typeof emailNotificationsSchema>;

const stepAction = fields({ text: text() }).optional();
export const formStepActionsSchema = fields({ back: stepAction, next: stepAction, submit: stepAction, reset: stepAction });
export type FormStepActions = InferType<typeof formStepActionsSchema>;

/** One step of a multi-step form (spec §3). */
export const formStepSchema = fields({
  title: text(),
  subTitle: text().optional(),
  description: text().optional(),
  className: text().optional(),
  layout: text().optional(),
  fields: listOf(formFieldSchema, { min: 1 }),
  /** may be HTML */
  disclaimer: text().optional(),
  actions: formStepActionsSchema.optional(),
});
export type FormStep = InferType<typeof formStepSchema>;

/**
 * config.booking: the form stores appointments (the booking-calendar block): the forms service offers
 * its free slots and refuses a slot that is taken, closed or past. The slots come from the site's
 * opening hours (content/site/site.json).
 */
export const bookingConfigSchema = fields({
  /** minutes per appointment, 60 when absent */
  slotMinutes: numberIn({ min: 15, max: 240, integer: true }).optional(),
  /** how many days from today can be booked, 30 when absent (one slots answer covers them all) */
  daysAhead: numberIn({ min: 1, max: 31, integer: true }).optional(),
  /** the IANA zone the opening hours are meant in, "America/New_York" when absent */
  timeZone: text()
    .test('time-zone', (params) => `must be an IANA time zone such as "America/New_York" (got ${JSON.stringify(params.value)})`, (value) => value === undefined || isTimeZone(value))
    .optional(),
  /** a slot starting sooner than this is no longer offered (a designer prepares), 120 when absent */
  noticeMinutes: numberIn({ min: 0, max: 2880, integer: true }).optional(),
});
export type BookingConfig = InferType<typeof bookingConfigSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A form's `config` (spec §3 names it without saying what it holds): the settings of a kind of form
 * the services act on. Only `booking` is known; anything else is refused as a likely typo.
 */
export const formConfigSchema = fields({ booking: bookingConfigSchema.optional() });
export type FormConfig = InferType<typeof formConfigSchema>;

const formDefinitionFields = {
  name: slug(),
  title: text().optional(),
  description: text().optional(),
  /** single-step forms; a multi-step form has `steps` and may leave this empty (the content check requires one of them) */
  fields: listOf(formFieldSchema),
  /** multi-step forms (free-kitchen-design): each Next sends that step's fields */
  steps: listOf(formStepSchema, { min: 2 }).optional(),
  buttons: fields({ submit: text(), reset: text().optional() }),
  layout: text().optional(),
  messages: formMessagesSchema.optional(),
  googleReCaptcha: flag().optional(),
  emailNotifications: emailNotificationsSchema.optional(),
  config: formConfigSchema.optional(),
  actions: recordOf(anyValue()).optional(),
  metadata: recordOf(anyValue()).optional(),
};

/** content/forms/{name}.json */
export const formDefinitionFileSchema = fields(formDefinitionFields);

/** GET /api/content/forms/{name}: the file, plus the captcha's site key when one is configured. */
export const formDefinitionSchema = fields({
  ...formDefinitionFields,
  /**
   * Added by the content service to forms with googleReCaptcha when RECAPTCHA_SITE_KEY is set (never
   * in content files): the browser widget's site key. Absent: the captcha is off.
   */
  recaptchaSiteKey: text().optional(),
});
export type FormDefinition = InferType<typeof formDefinitionSchema>;
