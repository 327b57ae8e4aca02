/**
 * Countries, states and cities from the maintained `country-state-city` package (ISO 3166 codes;
 * Ecuador's 24 provinces). Reference data read straight from the package, loaded on first use
 * and kept in memory; nothing per company.
 */
import type { ICountry, IState, ICity } from 'country-state-city';

type Csc = { Country: { getAllCountries(): ICountry[] }; State: { getStatesOfCountry(c: string): IState[] }; City: { getCitiesOfState(c: string, s: string): ICity[] } };
let csc: Promise<Csc> | null = null;
const load = () => (csc ??= import('country-state-city') as unknown as Promise<Csc>);

export async function listCountries() {
  const { Country } = await load();
  return Country.getAllCountries().map((c) => ({ _id: c.isoCode, name: c.name, phonecode: c.phonecode, flag: c.flag }));
}

export async function listStates(country: string) {
  const { State } = await load();
  return State.getStatesOfCountry(country.toUpperCase()).map((s) => ({ _id: s.isoCode, name: s.name }));
}

export async function listCities(country: string, state: string) {
  const { City } = await load();
  return City.getCitiesOfState(country.toUpperCase(), state.toUpperCase()).map((c) => ({ _id: c.name, name: c.name }));
}
