import type { FormField } from '@storefront/contracts';
import { FORM_FIELD_TYPES } from '@storefront/contracts/content-files';
import { FIELD_TYPES, fieldTypeOf } from './index.js';

const noSubFields = (): Record<string, unknown> => ({ sub: 'x' });

describe('FIELD_TYPES', () => {
  it('has the decisions for every type content may name, and no others', () => {
    expect(Object.keys(FIELD_TYPES).sort()).toEqual([...FORM_FIELD_TYPES].sort());
  });

  it('refuses a type no module decides for, naming the field', () => {
    expect(() => fieldTypeOf({ name: 'colour', type: 'colour' as never })).toThrow('Form field "colour" has an unknown type "colour"');
  });

  it('gives each type the empty answer its control holds', () => {
    const empty = (field: FormField) => fieldTypeOf(field).emptyValue(field, noSubFields);
    expect(empty({ name: 'a', type: 'text' })).toBe('');
    expect(empty({ name: 'a', type: 'select' })).toBe('');
    expect(empty({ name: 'a', type: 'select', multiSelect: true })).toEqual([]);
    expect(empty({ name: 'a', type: 'checkbox-group' })).toEqual([]);
    expect(empty({ name: 'a', type: 'newsletter' })).toBe(false);
    expect(empty({ name: 'a', type: 'file' })).toEqual([]);
    expect(empty({ name: 'a', type: 'group', fields: [] })).toEqual({ sub: 'x' });
  });

  it('keeps passwords and files out of saved data, and passwords and hidden values out of e-mails', () => {
    const stored = FORM_FIELD_TYPES.filter((type) => !FIELD_TYPES[type].storable);
    expect(stored).toEqual(['password', 'file']);
    expect(fieldTypeOf({ name: 'p', type: 'password' }).emailText({ name: 'p', type: 'password' }, 'hunter2')).toBeNull();
    expect(fieldTypeOf({ name: 'h', type: 'hidden' }).emailText({ name: 'h', type: 'hidden' }, 'ad-campaign')).toBeNull();
  });

  it('reads answers in e-mails as a person would', () => {
    const text = (field: FormField, value: unknown) => fieldTypeOf(field).emailText(field, value);
    expect(text({ name: 'ok', type: 'newsletter' }, true)).toBe('Yes');
    expect(text({ name: 'photos', type: 'file' }, [{ originalName: 'kitchen.jpg' }, 'C:\\pics\\bath.png'])).toBe('kitchen.jpg, bath.png');
    expect(text({ name: 'finish', type: 'radio', options: [{ label: 'Oak', value: 'oak' }] }, 'oak')).toBe('Oak');
    expect(text({ name: 'notes', type: 'textarea' }, '')).toBeNull();
  });
});
