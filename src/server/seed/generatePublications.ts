import type { Faker } from '@faker-js/faker';
import type { Country, PublicationRow } from './referenceTypes';
import { BRANDS, cityOf, pickCountry, pickState, uniqueName } from './seedWords';

const MASTHEADS = ['Times', 'Herald', 'Gazette', 'Tribune', 'Courier', 'Post', 'Journal', 'Daily News', 'Chronicle', 'Sentinel',
  'Register', 'Observer', 'Star', 'Ledger', 'Press', 'Review', 'Dispatch', 'Examiner', 'Enterprise', 'Record'];
const TOPICS = ['Home', 'Garden', 'Travel', 'Health', 'Fitness', 'Family', 'Parenting', 'Cooking', 'Wine', 'Golf', 'Fishing',
  'Boating', 'Money', 'Retirement', 'Business', 'Technology', 'Science', 'Style', 'Auto', 'Motorcycle', 'Country', 'Outdoor',
  'Pet', 'Wellness', 'Design', 'Photography', 'Music', 'Farm', 'Aviation', 'Senior Living'];

const NEWSPAPERS = 250;
const REGIONAL_MAGAZINES = 50;
const NATIONAL_MAGAZINES = 100;

type Draft = Omit<PublicationRow, 'publicationID'>;

/** ~400 newspapers and magazines: local ones carry their state and its country, national ones no state. */
export function generatePublications(f: Faker): PublicationRow[] {
  const seen = new Set<string>();
  const rows: Draft[] = [];
  const local = (count: number, makes: ((city: string, state: string) => string)[]) => {
    for (let i = 0; i < count; i++) {
      let stateID = 0;
      let country: Country = 'US';
      const name = uniqueName(seen, () => {
        const state = pickState(f, pickCountry(f));
        stateID = state.stateID;
        country = state.country;
        return f.helpers.arrayElement(makes)(cityOf(f, state), state.stateName);
      });
      if (name) rows.push({ publicationName: name, p_stateID: stateID, p_primary_country: country });
    }
  };
  local(NEWSPAPERS, [
    (city) => `The ${city} ${f.helpers.arrayElement(MASTHEADS)}`,
    (city) => `${city} ${f.helpers.arrayElement(MASTHEADS)}`,
    (_city, state) => `${state} ${f.helpers.arrayElement(['Business Journal', 'Farm Bureau News', 'Weekly'])}`,
  ]);
  local(REGIONAL_MAGAZINES, [(city) => `${city} Magazine`, (_city, state) => `${state} Life`, (city) => `${city} Home & Garden`]);
  for (let i = 0; i < NATIONAL_MAGAZINES; i++) {
    const country = pickCountry(f);
    const topic = () => f.helpers.arrayElement(TOPICS);
    const name = uniqueName(seen, () => f.helpers.arrayElement(country === 'CA'
      ? [() => `Canadian ${topic()}`, () => `${topic()} Canada`, () => `${f.helpers.arrayElement(BRANDS)} ${topic()} Canada`]
      : [() => `${f.helpers.arrayElement(BRANDS)} Living`, () => `${topic()} Monthly`, () => `${topic()} Today`,
        () => `Modern ${topic()}`, () => `${topic()} Digest`, () => `The ${topic()} Review`, () => `${topic()} Quarterly`,
        () => `${f.helpers.arrayElement(BRANDS)} ${topic()}`])());
    if (name) rows.push({ publicationName: name, p_stateID: null, p_primary_country: country });
  }
  return f.helpers.shuffle(rows).map((r, i) => ({ publicationID: i + 1, ...r }));
}
