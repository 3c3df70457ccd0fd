import type { FormField } from '@storefront/contracts';
import { clearSavedFormData, readSavedFormData, restoreValues, storableValues, writeSavedFormData } from './saved-form-data.js';

const fields: FormField[] = [
  { name: 'email', type: 'email' },
  { name: 'password', type: 'password' },
  { name: 'photos', type: 'file' },
  { name: 'address', type: 'group', fields: [{ name: 'street', type: 'text' }, { name: 'pin', type: 'password' }] },
];

describe('saved form data', () => {
  beforeEach(() => sessionStorage.clear());

  it('never keeps passwords or files, also inside groups', () => {
    const photo = new File(['x'], 'kitchen.jpg', { type: 'image/jpeg' });
    expect(storableValues(fields, { email: 'a@b.co', password: 'hunter22', photos: [photo], address: { street: '1 Main St', pin: '1234' } })).toEqual({
      email: 'a@b.co',
      address: { street: '1 Main St' },
    });
  });

  it('restores saved values over the defaults only for fields the form still has', () => {
    const defaults = { email: '', password: '', photos: undefined, address: { street: '', pin: '' } };
    expect(restoreValues(fields, defaults, { email: 'a@b.co', removedField: 'x', password: 'leaked', address: { street: '1 Main St' } })).toEqual({
      email: 'a@b.co',
      password: '',
      photos: undefined,
      address: { street: '1 Main St', pin: '' },
    });
  });

  it('keeps one entry per form name in sessionStorage, and forgets it on clear', () => {
    writeSavedFormData('contact', { email: 'a@b.co' });
    writeSavedFormData('dealer', { email: 'd@b.co' });
    expect(readSavedFormData('contact')).toEqual({ email: 'a@b.co' });
    clearSavedFormData('contact');
    expect(readSavedFormData('contact')).toBeUndefined();
    expect(readSavedFormData('dealer')).toEqual({ email: 'd@b.co' });
  });

  it('ignores a cache entry that is not JSON', () => {
    sessionStorage.setItem('sf-form-data:contact', '{broken');
    expect(readSavedFormData('contact')).toBeUndefined();
  });
});
