import type { FormDefinition, FormField } from '@storefront/contracts';
import { FORM_MESSAGES } from '@storefront/contracts';
import { validateFormSubmission } from './validate-form-submission.js';

function form(...fields: FormField[]): FormDefinition {
  return { name: 'test', fields, buttons: { submit: 'Send' } };
}

function errorsOf(definition: FormDefinition, formData: unknown): Record<string, string> {
  const result = validateFormSubmission(definition, formData);
  if (result.valid) throw new Error(`expected errors, got values ${JSON.stringify(result.values)}`);
  return result.errors;
}

function valuesOf(definition: FormDefinition, formData: unknown): Record<string, unknown> {
  const result = validateFormSubmission(definition, formData);
  if (!result.valid) throw new Error(`expected valid, got ${JSON.stringify(result.errors)}`);
  return result.values;
}

describe('required', () => {
  const definition = form({ name: 'firstName', type: 'text', label: 'First Name', required: true });

  it.each([[{}], [{ firstName: '' }], [{ firstName: '   ' }], [{ firstName: null }]])('says "This field is required" for %j', (formData) => {
    expect(errorsOf(definition, formData)).toEqual({ firstName: 'This field is required' });
  });

  it('accepts an answer and trims it', () => {
    expect(valuesOf(definition, { firstName: '  Ann ' })).toEqual({ firstName: 'Ann' });
  });

  it('leaves optional fields alone when blank', () => {
    expect(valuesOf(form({ name: 'company', type: 'text', minLength: 3 }), { company: '' })).toEqual({});
  });
});

describe('e-mail and number', () => {
  it('says "Invalid email address"', () => {
    expect(errorsOf(form({ name: 'email', type: 'email', required: true }), { email: 'ann@' })).toEqual({ email: 'Invalid email address' });
  });

  it('says "This field is required" rather than an e-mail message when empty', () => {
    expect(errorsOf(form({ name: 'email', type: 'email', required: true }), { email: '' })).toEqual({ email: 'This field is required' });
  });

  it('says "Must be a number" and casts numbers given as text', () => {
    const definition = form({ name: 'rooms', type: 'number' });
    expect(errorsOf(definition, { rooms: 'three' })).toEqual({ rooms: 'Must be a number' });
    expect(valuesOf(definition, { rooms: '3' })).toEqual({ rooms: 3 });
    expect(valuesOf(definition, { rooms: '' })).toEqual({});
  });

  it('lets onlyNumbers fields hold digits only', () => {
    const definition = form({ name: 'zip', type: 'text', onlyNumbers: true });
    expect(errorsOf(definition, { zip: '12a45' })).toEqual({ zip: 'Must be a number' });
    expect(valuesOf(definition, { zip: '01234' })).toEqual({ zip: '01234' });
  });
});

describe('length limits', () => {
  const definition = form({ name: 'message', type: 'textarea', label: 'Message', minLength: 10, maxLength: 20 });

  it('says "{label} seems too short"', () => {
    expect(errorsOf(definition, { message: 'Hi' })).toEqual({ message: 'Message seems too short' });
  });

  it('says "{label} seems too long"', () => {
    expect(errorsOf(definition, { message: 'x'.repeat(21) })).toEqual({ message: 'Message seems too long' });
  });

  it('uses the field name when there is no label', () => {
    expect(errorsOf(form({ name: 'city', type: 'text', minLength: 3 }), { city: 'NY' })).toEqual({ city: 'city seems too short' });
  });
});

describe('choices', () => {
  const options = [
    { label: 'Kitchen', value: 'kitchen' },
    { label: 'Bath', value: 'bath' },
  ];

  it('says "Select at least one option" for an empty required checkbox group or multi-select', () => {
    const definition = form(
      { name: 'rooms', type: 'checkbox-group', required: true, options },
      { name: 'styles', type: 'select', multiSelect: true, required: true, options },
    );
    expect(errorsOf(definition, { rooms: [] })).toEqual({ rooms: 'Select at least one option', styles: 'Select at least one option' });
  });

  it('takes a single picked value as a list of one', () => {
    expect(valuesOf(form({ name: 'rooms', type: 'checkbox-group', required: true, options }), { rooms: 'bath' })).toEqual({ rooms: ['bath'] });
  });

  it('refuses values that are not among the options', () => {
    expect(errorsOf(form({ name: 'room', type: 'radio', options }), { room: 'garage' })).toEqual({ room: 'Select a valid option' });
    expect(errorsOf(form({ name: 'rooms', type: 'checkbox-group', options }), { rooms: ['bath', 'garage'] })).toEqual({ rooms: 'Select a valid option' });
  });

  it('requires a single select or radio answer', () => {
    expect(errorsOf(form({ name: 'room', type: 'select', required: true, options }), { room: '' })).toEqual({ room: 'This field is required' });
  });

  it('refuses a radio option that is hidden by its condition', () => {
    const definition = form(
      { name: 'budget', type: 'radio', options: [{ label: 'Low', value: 'low' }, { label: 'High', value: 'high' }] },
      { name: 'room', type: 'radio', options: [{ label: 'Kitchen', value: 'kitchen' }, { label: 'Spa', value: 'spa', hideWhen: { field: 'budget', equals: 'low' } }] },
    );
    expect(errorsOf(definition, { budget: 'low', room: 'spa' })).toEqual({ room: 'Select a valid option' });
    expect(valuesOf(definition, { budget: 'high', room: 'spa' })).toEqual({ budget: 'high', room: 'spa' });
  });

  it('requires a required checkbox to be ticked', () => {
    const definition = form({ name: 'terms', type: 'checkbox', required: true });
    expect(errorsOf(definition, { terms: false })).toEqual({ terms: 'This field is required' });
    expect(valuesOf(definition, { terms: 'on' })).toEqual({ terms: true });
    expect(valuesOf(form({ name: 'news', type: 'newsletter' }), { news: 'false' })).toEqual({ news: false });
  });
});

describe('hideWhen', () => {
  const definition = form(
    { name: 'contactBy', type: 'radio', options: [{ label: 'Email', value: 'email' }, { label: 'Phone', value: 'phone' }] },
    { name: 'phone', type: 'tel', required: true, hideWhen: { field: 'contactBy', equals: ['email', 'none'] } },
    { name: 'optIn', type: 'checkbox' },
    { name: 'email', type: 'email', required: true, hideWhen: { field: 'optIn', equals: false } },
  );

  it('does not require a hidden field and strips its value', () => {
    expect(valuesOf(definition, { contactBy: 'email', phone: '555', optIn: false, email: 'bad' })).toEqual({ contactBy: 'email', optIn: false });
  });

  it('requires the field again when the condition no longer matches', () => {
    expect(errorsOf(definition, { contactBy: 'phone', optIn: true })).toEqual({ phone: 'This field is required', email: 'This field is required' });
  });
});

describe('group sub-fields', () => {
  const definition = form({
    name: 'contact',
    type: 'group',
    fields: [
      { name: 'name', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
    ],
  });

  it('applies required and e-mail rules inside the group', () => {
    expect(errorsOf(definition, { contact: { email: 'nope' } })).toEqual({
      'contact.name': 'This field is required',
      'contact.email': 'Invalid email address',
    });
  });

  it('reports missing group values as required sub-fields', () => {
    expect(errorsOf(definition, {})).toEqual({ 'contact.name': 'This field is required', 'contact.email': 'This field is required' });
  });

  it('keeps valid group values nested and drops unknown sub-fields', () => {
    expect(valuesOf(definition, { contact: { name: 'Ann', email: 'ann@example.com', admin: true } })).toEqual({ contact: { name: 'Ann', email: 'ann@example.com' } });
  });
});

describe('files', () => {
  const mb = 1048576;
  const pdf = (size: number) => ({ name: 'plan.pdf', size, type: 'application/pdf' });

  it('allows 2 MB by default and says so beyond it', () => {
    const definition = form({ name: 'plans', type: 'file' });
    expect(valuesOf(definition, { plans: [pdf(2 * mb)] })).toEqual({ plans: [pdf(2 * mb)] });
    expect(errorsOf(definition, { plans: [pdf(2 * mb + 1)] })).toEqual({ plans: 'File is too large, maximum allowed size is 2MB' });
  });

  it('uses the configured maximum size', () => {
    expect(errorsOf(form({ name: 'plans', type: 'file', maxFileSize: 5 }), { plans: [pdf(5 * mb + 1)] })).toEqual({
      plans: FORM_MESSAGES.fileTooLarge(5),
    });
    expect(FORM_MESSAGES.fileTooLarge(5)).toBe('File is too large, maximum allowed size is 5MB');
  });

  it('says "Unsupported file format" outside fileTypes (MIME, wildcard or extension)', () => {
    const definition = form({ name: 'plans', type: 'file', fileTypes: ['image/*', '.pdf'] });
    expect(errorsOf(definition, { plans: [{ name: 'a.exe', size: 10, type: 'application/x-msdownload' }] })).toEqual({ plans: 'Unsupported file format' });
    expect(valuesOf(definition, { plans: [{ name: 'a.png', size: 10, type: 'image/png' }, pdf(10)] }).plans).toHaveLength(2);
  });

  it('says "At least one file is required" when required and empty', () => {
    const definition = form({ name: 'plans', type: 'file', required: true });
    expect(errorsOf(definition, { plans: [] })).toEqual({ plans: 'At least one file is required' });
    expect(errorsOf(definition, {})).toEqual({ plans: 'At least one file is required' });
  });

  it('caps the number of files at maxFiles', () => {
    expect(errorsOf(form({ name: 'plans', type: 'file', maxFiles: 1 }), { plans: [pdf(1), pdf(1)] })).toEqual({ plans: 'At most 1 files can be uploaded' });
  });

  it('refuses things that are not files', () => {
    expect(errorsOf(form({ name: 'plans', type: 'file' }), { plans: ['C:/secret.txt'] })).toEqual({ plans: 'Invalid value' });
  });
});

describe('submission shape', () => {
  const definition = form({ name: 'firstName', type: 'text', required: true }, { name: 'email', type: 'email', required: true });

  it('keeps only the first message per field and reports every field', () => {
    const errors = errorsOf(form({ name: 'email', type: 'email', required: true, minLength: 50, label: 'Email' }), { email: 'x' });
    expect(errors).toEqual({ email: 'Invalid email address' });
  });

  it('drops fields the definition does not know', () => {
    expect(valuesOf(definition, { firstName: 'Ann', email: 'ann@example.com', isAdmin: true })).toEqual({ firstName: 'Ann', email: 'ann@example.com' });
  });

  it.each([[null], [[]], ['text'], [42]])('refuses form data that is not an object: %j', (formData) => {
    expect(errorsOf(definition, formData)).toEqual({ formData: 'Form data must be an object' });
  });

  it('says "Invalid value" for an object where text is expected', () => {
    expect(errorsOf(definition, { firstName: { $gt: '' }, email: 'ann@example.com' })).toEqual({ firstName: 'Invalid value' });
  });

  it('validates only the named fields when asked (one step of a multi-step form)', () => {
    expect(validateFormSubmission(definition, { firstName: 'Ann' }, { fieldNames: ['firstName'] })).toEqual({ valid: true, values: { firstName: 'Ann' } });
  });
});

describe('hideWhen on an unanswered field', () => {
  it('agrees with the browser: a condition on "" matches a blank or missing answer', () => {
    const definition = form(
      { name: 'room', type: 'radio', options: [{ label: 'Bath', value: 'bath' }] },
      { name: 'vanities', type: 'number', required: true, hideWhen: { field: 'room', equals: ['kitchen', ''] } },
    );
    expect(valuesOf(definition, { room: '' })).toEqual({});
    expect(valuesOf(definition, {})).toEqual({});
    expect(errorsOf(definition, { room: 'bath' })).toEqual({ vanities: 'This field is required' });
  });
});

describe('numeric rules', () => {
  it('lets numericOnly text hold digits with one optional decimal point', () => {
    const definition = form({ name: 'width', type: 'text', numericOnly: true });
    expect(valuesOf(definition, { width: '36.5' })).toEqual({ width: '36.5' });
    expect(valuesOf(definition, { width: '36' })).toEqual({ width: '36' });
    expect(errorsOf(definition, { width: '3.6.5' })).toEqual({ width: 'Must be a number' });
    expect(errorsOf(definition, { width: '36in' })).toEqual({ width: 'Must be a number' });
  });

  it('holds an onlyNumbers number field to whole numbers and its length limits to the digits typed', () => {
    const definition = form({ name: 'years', type: 'number', label: 'Years in Business', onlyNumbers: true, maxLength: 3 });
    expect(valuesOf(definition, { years: '12' })).toEqual({ years: 12 });
    expect(errorsOf(definition, { years: '1.5' })).toEqual({ years: 'Must be a number' });
    expect(errorsOf(definition, { years: '1000' })).toEqual({ years: 'Years in Business seems too long' });
  });
});

describe('filter', () => {
  it('accepts only the filtered values of a dynamic-options select', () => {
    const definition = form({ name: 'country', type: 'select', dynamicOptions: 'countries', filter: ['US', 'CA'], required: true });
    expect(valuesOf(definition, { country: 'CA' })).toEqual({ country: 'CA' });
    expect(errorsOf(definition, { country: 'FR' })).toEqual({ country: 'Select a valid option' });
    expect(errorsOf(definition, { country: '' })).toEqual({ country: 'This field is required' });
  });
});

describe('multi-select and group rules', () => {
  it('says "Select at least one option" for a required multi-select left empty, and takes a list', () => {
    const definition = form({ name: 'styles', type: 'select', multiSelect: true, required: true, options: [{ label: 'Shaker', value: 'shaker' }] });
    expect(errorsOf(definition, { styles: [] })).toEqual({ styles: 'Select at least one option' });
    expect(valuesOf(definition, { styles: ['shaker'] })).toEqual({ styles: ['shaker'] });
  });

  it('hides a group sub-field by a sibling inside the group', () => {
    const definition = form({
      name: 'address',
      type: 'group',
      fields: [
        { name: 'kind', type: 'radio', options: [{ label: 'Home', value: 'home' }, { label: 'Work', value: 'work' }] },
        { name: 'company', type: 'text', required: true, hideWhen: { field: 'kind', equals: 'home' } },
      ],
    });
    expect(valuesOf(definition, { address: { kind: 'home', company: 'x' } })).toEqual({ address: { kind: 'home' } });
    expect(errorsOf(definition, { address: { kind: 'work' } })).toEqual({ 'address.company': 'This field is required' });
  });
});

describe('data yup cannot even read', () => {
  // found by the reliability fuzz: these threw from yup (a 500) instead of being refused
  const definition = form({ name: 'firstName', type: 'text', label: 'First Name', required: true });

  it('refuses a field named like an Object.prototype property', () => {
    expect(errorsOf(definition, { firstName: 'Ann', constructor: 1 })).toEqual({ formData: 'Form data has a field name or value that cannot be read' });
  });

  it('refuses an object where text belongs with the field message or the unreadable one, never a throw', () => {
    expect(() => validateFormSubmission(definition, { firstName: {} })).not.toThrow();
    expect(validateFormSubmission(definition, { firstName: {} }).valid).toBe(false);
  });
});
