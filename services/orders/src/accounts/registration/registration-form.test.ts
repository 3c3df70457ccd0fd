import { registrationOf } from './registration-form.js';

const values = {
  firstName: ' Ann ',
  lastName: 'Lee',
  email: 'Ann.Lee@Example.COM',
  phone: '2125550100',
  password: ' spaces kept ',
  accountType: 'professional',
  companyName: 'Lee Kitchens',
  address: { street: '350 5th Ave', addressCountry: 'US', addressState: 'ny', addressCity: 'New York', zip: '10118' },
  newsletter: true,
};

describe('registrationOf', () => {
  it('reads the profile (e-mail lowercased, the password as typed) and the first address, both defaults', () => {
    expect(registrationOf(values)).toEqual({
      email: 'ann.lee@example.com',
      password: ' spaces kept ',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '2125550100',
      accountType: 'professional',
      companyName: 'Lee Kitchens',
      newsletter: true,
      address: {
        firstName: 'Ann',
        lastName: 'Lee',
        company: 'Lee Kitchens',
        street1: '350 5th Ave',
        street2: '',
        city: 'New York',
        state: 'NY',
        zipCode: '10118',
        countryId: 'US',
        phoneNumber: '2125550100',
        isDefaultShipping: true,
        isDefaultBilling: true,
      },
    });
  });

  it('skips an address that breaks the account address rules (no phone, no street)', () => {
    expect(registrationOf({ ...values, phone: '' })?.address).toBeUndefined();
    expect(registrationOf({ ...values, address: { ...values.address, street: '' } })?.address).toBeUndefined();
    expect(registrationOf({ ...values, address: undefined })?.address).toBeUndefined();
  });

  it('is undefined for a form without an e-mail or password', () => {
    expect(registrationOf({ firstName: 'Ann', email: 'ann@example.com' })).toBeUndefined();
    expect(registrationOf({ firstName: 'Ann', password: 'secret-pass' })).toBeUndefined();
  });
});
