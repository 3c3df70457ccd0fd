import { addressTextValues } from './address-values.js';
import { countryChoices, stateChoices } from './location-choices.js';

describe('address values', () => {
  it("are a saved address's text, with what it does not have empty", () => {
    expect(addressTextValues({ firstName: 'Ann', street1: '350 5th Ave', street2: null, city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' })).toEqual({
      firstName: 'Ann',
      lastName: '',
      phoneNumber: '',
      street1: '350 5th Ave',
      street2: '',
      city: 'New York',
      state: 'NY',
      zipCode: '10118',
      countryId: 'US',
    });
    expect(addressTextValues({ countryId: 'CA' })).toEqual({ firstName: '', lastName: '', phoneNumber: '', street1: '', street2: '', city: '', state: '', zipCode: '', countryId: 'CA' });
  });

  it('offer the countries, and the states of one country, as choices by code and name', () => {
    expect(countryChoices([{ code: 'US', name: 'United States' }])).toEqual([{ value: 'US', label: 'United States' }]);
    const states = { US: [{ code: 'NJ', name: 'New Jersey' }] };
    expect(stateChoices(states, 'US')).toEqual([{ value: 'NJ', label: 'New Jersey' }]);
    expect(stateChoices(states, 'GB')).toEqual([]);
  });
});
