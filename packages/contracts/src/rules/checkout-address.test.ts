import { checkoutAddressRules as rules, checkoutFormFieldName, validateCheckoutAddress } from './checkout-address.js';

describe('checkoutAddressRules', () => {
  it('names: letters and spaces, 2 to 50 characters, required', () => {
    expect(rules.firstName('Mary Ann')).toBeUndefined();
    expect(rules.firstName('')).toBe('This field is required');
    expect(rules.firstName('R2D2')).toBe('Only alphabets are allowed');
    expect(rules.lastName('X')).toBe('Name must be at least 2 characters');
    expect(rules.lastName('A'.repeat(51))).toBe("Name can't exceed 50 characters");
    expect(rules.lastName('A'.repeat(50))).toBeUndefined();
  });

  it('zip: digits only, 3 to 10, required', () => {
    expect(rules.zipCode('10001')).toBeUndefined();
    expect(rules.zipCode(undefined)).toBe('ZIP/Postal code is required');
    expect(rules.zipCode('10001-1234')).toBe('Only numbers are allowed');
    expect(rules.zipCode('12')).toBe('ZIP/Postal code seems too short');
    expect(rules.zipCode('12345678901')).toBe('ZIP/Postal code seems too long');
  });

  it('phone: allowed characters and exactly 10 digits', () => {
    expect(rules.phoneNumber('(212) 555-0100')).toBeUndefined();
    expect(rules.phoneNumber('212.555.0100')).toBeUndefined();
    expect(rules.phoneNumber('')).toBe('Phone number is required');
    expect(rules.phoneNumber('212-555-01OO')).toBe('Phone number is invalid');
    expect(rules.phoneNumber('555-0100')).toBe('Phone number must be at least 10 digits');
    expect(rules.phoneNumber('+1 212 555 0100')).toBe("Phone number can't exceed 10 digits");
  });

  it('e-mail format', () => {
    expect(rules.email('ann@example.com')).toBeUndefined();
    expect(rules.email('ann@example')).toBe('Invalid email address');
    expect(rules.email('not an email')).toBe('Invalid email address');
  });

  it('street and city characters', () => {
    expect(rules.street1("12 O'Neil St., Apt-4")).toBeUndefined();
    expect(rules.street1('12 Main St #4')).toBe('Special characters are not allowed');
    expect(rules.street1('')).toBe('This field is required');
    expect(rules.street2('')).toBeUndefined();
    expect(rules.street2('<script>')).toBe('Special characters are not allowed');
    expect(rules.city('New York')).toBeUndefined();
    expect(rules.city('St. Louis')).toBe('Special characters are not allowed');
  });
});

describe('validateCheckoutAddress', () => {
  it('reports every broken field under the checkout form field name', () => {
    expect(checkoutFormFieldName('shipping', 'zipCode')).toBe('ship_zip');
    expect(
      validateCheckoutAddress('billing', {
        firstName: 'Ann',
        lastName: 'L3e',
        email: 'ann@example.com',
        phoneNumber: '2125550100',
        street1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zipCode: '7',
        countryId: 'US',
      }),
    ).toEqual({ bill_last_name: 'Only alphabets are allowed', bill_zip: 'ZIP/Postal code seems too short' });
  });
});
