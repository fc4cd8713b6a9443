import type { Faker } from '@faker-js/faker';
import type { Country, PanelistRow, PanelistType } from './referenceTypes';
import { pickCountry, pickState } from './seedWords';

export const PANELIST_COUNT = 3000;
/** Income brackets 1-8 (lowest to highest); the demo's choice, the spec shows only incomeID. */
export const INCOME_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** First panelist_id; ids run consecutively from here. */
export const FIRST_PANELIST_ID = 10001;

const TYPES: { value: PanelistType; weight: number }[] = [
  { value: 'consumer', weight: 55 }, { value: 'producer', weight: 20 },
  { value: 'provider', weight: 13 }, { value: 'mortgage', weight: 12 },
];
/** Age range and chance of being a business owner, per panel. */
const PROFILE: Record<PanelistType, { minAge: number; maxAge: number; owner: number }> = {
  consumer: { minAge: 18, maxAge: 85, owner: 0.15 },
  producer: { minAge: 25, maxAge: 72, owner: 0.7 },
  provider: { minAge: 28, maxAge: 70, owner: 0.6 },
  mortgage: { minAge: 26, maxAge: 68, owner: 0.5 },
};
const DOMAINS: Record<Country, string[]> = {
  US: ['gmail.com', 'yahoo.com', 'outlook.com', 'aol.com', 'hotmail.com', 'icloud.com', 'comcast.net', 'att.net'],
  CA: ['gmail.com', 'yahoo.ca', 'outlook.com', 'sympatico.ca', 'shaw.ca', 'rogers.com'],
};

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** A unique address in one of the usual shapes (first.last, flast, ...), numbered on collision. */
function email(f: Faker, first: string, last: string, country: Country, seen: Set<string>): string {
  const a = slug(first);
  const b = slug(last);
  const local = f.helpers.arrayElement([`${a}.${b}`, `${a}${b}`, `${a[0]}${b}`, `${a}_${b}`, `${a}${b}${f.number.int({ min: 1, max: 99 })}`]);
  const domain = f.helpers.arrayElement(DOMAINS[country]);
  let candidate = `${local}@${domain}`;
  for (let n = 2; seen.has(candidate); n++) candidate = `${local}${n}@${domain}`;
  seen.add(candidate);
  return candidate;
}

export function generatePanelists(f: Faker): PanelistRow[] {
  const emails = new Set<string>();
  const competiIds = new Set<number>();
  const rows: PanelistRow[] = [];
  for (let i = 0; i < PANELIST_COUNT; i++) {
    const panelist_type = f.helpers.weightedArrayElement(TYPES);
    const profile = PROFILE[panelist_type];
    const gender = f.helpers.arrayElement(['M', 'F'] as const);
    const first_name = f.person.firstName(gender === 'M' ? 'male' : 'female');
    const last_name = f.person.lastName();
    const country = pickCountry(f);
    let competi_id = f.number.int({ min: 100000, max: 999999 });
    while (competiIds.has(competi_id)) competi_id = f.number.int({ min: 100000, max: 999999 });
    competiIds.add(competi_id);
    rows.push({
      panelist_id: FIRST_PANELIST_ID + i,
      competi_id,
      first_name,
      last_name,
      email: email(f, first_name, last_name, country, emails),
      age: f.number.int({ min: profile.minAge, max: profile.maxAge }),
      gender,
      incomeID: f.helpers.weightedArrayElement(INCOME_IDS.map((id) => ({ value: id, weight: id <= 2 || id >= 7 ? 1 : 2 }))),
      stateID: pickState(f, country).stateID,
      panelist_type,
      owner_type: f.datatype.boolean({ probability: profile.owner }) ? 1 : 0,
      country,
    });
  }
  return rows;
}
