import type { Faker } from '@faker-js/faker';
import type { AffinityRow } from './referenceTypes';
import { BRANDS, MILITARY_BRANCHES, PROFESSIONS, cityOf, pickCountry, pickState, uniqueName } from './seedWords';

const TEAMS = ['Hawks', 'Bears', 'Stallions', 'Mariners', 'Comets', 'Rangers', 'Thunder', 'Wolves', 'Falcons', 'Pioneers', 'Blaze', 'Storm', 'Miners', 'Express', 'Knights'];
const CAUSES = ['Cancer', 'Heart', 'Diabetes', 'Alzheimer\'s', 'Autism', 'Arthritis', 'Kidney', 'Lung'];
const TRADES = ['Electrical Workers', 'Teamsters', 'Carpenters', 'Machinists', 'Steelworkers', 'Plumbers', 'Painters', 'Ironworkers'];

type Make = (f: Faker) => string;
const state = (f: Faker) => pickState(f, pickCountry(f));
const brand = (f: Faker) => f.helpers.arrayElement(BRANDS);

/** Category -> how many, and name templates. Category names are demo choices (the spec shows none). */
const CATEGORIES: [string, number, Make[]][] = [
  ['Alumni Association', 25, [
    (f) => `University of ${state(f).stateName} Alumni Association`,
    (f) => `${state(f).stateName} State University Alumni Association`,
    (f) => `${cityOf(f, state(f))} College Alumni Association`,
  ]],
  ['Professional Association', 25, [
    (f) => `National Association of ${f.helpers.arrayElement(PROFESSIONS)}`,
    (f) => `American Society of ${f.helpers.arrayElement(PROFESSIONS)}`,
    (f) => `${state(f).stateName} ${f.helpers.arrayElement(PROFESSIONS)} Association`,
  ]],
  ['Sports Team', 20, [(f) => `${cityOf(f, state(f))} ${f.helpers.arrayElement(TEAMS)}`]],
  ['Charity / Non-Profit', 20, [
    (f) => `${brand(f)} Wildlife Fund`,
    (f) => `${brand(f)} Children's Foundation`,
    (f) => `${f.helpers.arrayElement(CAUSES)} Research Foundation of ${state(f).stateName}`,
    (f) => `${cityOf(f, state(f))} Food Bank`,
  ]],
  ['Military / Veterans', 12, [
    (f) => `${f.helpers.arrayElement(MILITARY_BRANCHES)} Veterans Association`,
    (f) => `${f.helpers.arrayElement(MILITARY_BRANCHES)} Officers Association`,
    (f) => `${state(f).stateName} Veterans of Foreign Wars Post ${f.number.int({ min: 100, max: 9999 })}`,
  ]],
  ['Retail Loyalty', 12, [(f) => `${brand(f)} Rewards Club`, (f) => `${brand(f)} Insider Program`]],
  ['Travel Loyalty', 12, [(f) => `${brand(f)} Miles`, (f) => `${brand(f)} Frequent Flyer Program`, (f) => `${brand(f)} Hotel Rewards`]],
  ['Labor Union', 10, [
    (f) => `${f.helpers.arrayElement(TRADES)} Union Local ${f.number.int({ min: 1, max: 999 })}`,
    (f) => `International Brotherhood of ${f.helpers.arrayElement(TRADES)}`,
  ]],
  ['Auto Club', 6, [(f) => `${state(f).stateName} Auto Club`, (f) => `${brand(f)} Motor Club`]],
  ['Fraternal Organization', 8, [(f) => `Order of the ${brand(f)}`, (f) => `${brand(f)} Lodge No. ${f.number.int({ min: 1, max: 500 })}`]],
];

export function generateAffinities(f: Faker): AffinityRow[] {
  const seen = new Set<string>();
  const rows: Omit<AffinityRow, 'affinityID'>[] = [];
  for (const [category, count, makes] of CATEGORIES) {
    for (let i = 0; i < count; i++) {
      const name = uniqueName(seen, () => f.helpers.arrayElement(makes)(f));
      if (name) rows.push({ affinityName: name, AffinityCategoryName: category });
    }
  }
  return f.helpers.shuffle(rows).map((r, i) => ({ affinityID: i + 1, ...r }));
}
