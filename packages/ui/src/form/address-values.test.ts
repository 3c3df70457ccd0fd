import { addressTextValues } from './address-values.js';
import { countryChoices, stateChoices } from './location-choices.js';

const EMPTY = { firstName: '', lastName: '', phoneNumber: '', street1: '', street2: '', city: '', state: '', zipCode: '', countryId: '' };

describe('address values', () => {
  it("are a saved address's text, with what it does not have empty", () => {
    const saved = { firstName: 'Ann', street1: '2150 Industrial Parkway', street2: null, city: 'Edison', state: 'NJ', zipCode: '08837', countryId: 'US' };
    expect(addressTextValues(saved)).toEqual({ ...EMPTY, ...saved, street2: '' });
    expect(addressTextValues({ countryId: 'CA' })).toEqual({ ...EMPTY, countryId: 'CA' });
  });

  it('offer the countries, and the states of one country, as choices by code and name', () => {
    expect(countryChoices([{ code: 'US', name: 'United States' }])).toEqual([{ value: 'US', label: 'United States' }]);
    const states = { US: [{ code: 'NJ', name: 'New Jersey' }] };
    expect(stateChoices(states, 'US')).toEqual([{ value: 'NJ', label: 'New Jersey' }]);
    expect(stateChoices(states, 'GB')).toEqual([]);
  });
});
