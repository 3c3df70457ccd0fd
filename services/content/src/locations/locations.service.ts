import { Injectable, NotFoundException } from '@nestjs/common';
import { getCitiesOfState, getCountries, getStatesOfCountry } from '@countrystatecity/countries';
import { LOCATION_MESSAGES, type LocationOption } from '@storefront/contracts';
import { AnswerCache, type CachedJson, CachedJsonMemo } from '../content/cached-json.js';

/** ISO 3166-1 alpha-2 country codes; the subdivision part of ISO 3166-2 codes (1-3 letters or digits). */
const COUNTRY_CODE = /^[A-Z]{2}$/;
const STATE_CODE = /^[A-Z0-9]{1,3}$/;

function byLabel(a: LocationOption, b: LocationOption): number {
  return a.label.localeCompare(b.label, 'en');
}

/**
 * Countries, states and cities for the forms' dynamicOptions, from @countrystatecity/countries (the
 * data is bundled with the package: no network call). Codes are checked before the package is asked,
 * so a request cannot name files; each list is serialized once (strong ETag, compressed) and kept.
 * Unknown countries and states are 404s and are not kept.
 */
@Injectable()
export class LocationsService {
  private readonly memo: CachedJsonMemo;

  constructor(cache: AnswerCache) {
    this.memo = new CachedJsonMemo(cache);
  }

  countries(): Promise<CachedJson> {
    return this.memo.get('countries', async () => {
      const countries = await getCountries();
      return countries.map((country) => ({ value: country.iso2, label: country.name })).sort(byLabel);
    });
  }

  states(countryCode: string): Promise<CachedJson> {
    const country = countryCode.toUpperCase();
    return this.memo.get(`states:${country}`, async () => {
      await this.requireCountry(country, countryCode);
      const states = await getStatesOfCountry(country);
      return states.map((state) => ({ value: state.iso2, label: state.name })).sort(byLabel);
    });
  }

  cities(countryCode: string, stateCode: string): Promise<CachedJson> {
    const country = countryCode.toUpperCase();
    const state = stateCode.toUpperCase();
    return this.memo.get(`cities:${country}:${state}`, async () => {
      await this.requireCountry(country, countryCode);
      const states = await getStatesOfCountry(country);
      if (!STATE_CODE.test(state) || !states.some((entry) => entry.iso2 === state)) {
        throw new NotFoundException(LOCATION_MESSAGES.unknownState(country, stateCode.slice(0, 20)));
      }
      const cities = await getCitiesOfState(country, state);
      // a state lists a city once, whatever the data holds
      const names = [...new Set(cities.map((city) => city.name))];
      return names.map((name) => ({ value: name, label: name })).sort(byLabel);
    });
  }

  private async requireCountry(country: string, asAsked: string): Promise<void> {
    const known = COUNTRY_CODE.test(country) && (await getCountries()).some((entry) => entry.iso2 === country);
    if (!known) throw new NotFoundException(LOCATION_MESSAGES.unknownCountry(asAsked.slice(0, 20)));
  }
}
