/**
 * Countries, states and cities from the maintained `country-state-city` package (ISO 3166 codes;
 * Ecuador's 24 provinces). Reference data read straight from the package, loaded on first use
 * and kept in memory; nothing per company.
 */
import { notFound } from '../../errors.ts';

let csc: Promise<typeof import('country-state-city')> | null = null;
const load = () => (csc ??= import('country-state-city'));

export async function listCountries() {
  const { Country } = await load();
  return Country.getAllCountries().map((c) => ({ _id: c.isoCode, name: c.name, phonecode: c.phonecode, flag: c.flag }));
}

export async function listStates(country: string) {
  const { State } = await load();
  return State.getStatesOfCountry(country.toUpperCase()).map((s) => ({ _id: s.isoCode, name: s.name }));
}

/**
 * Cities of a state, by ISO codes (case-insensitive).
 * @throws AppError NOT_FOUND when the country or the state is unknown (a known state may have no cities: []).
 */
export async function listCities(country: string, state: string) {
  const { City, State } = await load();
  const states = State.getStatesOfCountry(country.toUpperCase());
  if (states.length === 0) throw notFound(`El país "${country}"`);
  const found = states.find((s) => s.isoCode.toUpperCase() === state.toUpperCase());
  if (!found) throw notFound(`La provincia o estado "${state}" de ${country.toUpperCase()}`);
  return City.getCitiesOfState(found.countryCode, found.isoCode).map((c) => ({ _id: c.name, name: c.name }));
}
