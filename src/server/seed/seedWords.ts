import type { Faker } from '@faker-js/faker';
import type { Country, StateRow } from './referenceTypes';
import { STATE_DEMOGRAPHICS, STATES } from './states';

/** Word lists and small pickers shared by the demo generators (all randomness goes through faker). */

export const BRANDS = [
  'Summit', 'Liberty', 'Pioneer', 'Horizon', 'Cascade', 'Keystone', 'Evergreen', 'Beacon', 'Harbor',
  'Meridian', 'Patriot', 'Frontier', 'Sterling', 'Heritage', 'Apex', 'Crescent', 'Prairie', 'Redwood',
  'Granite', 'Bluebird', 'Compass', 'Anchor', 'Northstar', 'Silverline', 'Everbright', 'Clearwater',
  'Oakridge', 'Maplewood', 'Lakeshore', 'Ironwood', 'Bridgeway', 'Trailhead', 'Sunrise', 'Bayview',
  'Highland', 'Riverbend', 'Stonegate', 'Pinnacle', 'Lighthouse', 'Westfield', 'Eastgate', 'Copperline',
  'Brightpath', 'Mainstreet', 'Fairway', 'Goldcrest', 'Windward', 'Cornerstone', 'Ridgeline', 'Trueline',
  'Sequoia', 'Magnolia', 'Aspen', 'Juniper', 'Cypress', 'Willow', 'Falcon', 'Eagle', 'Osprey', 'Mustang',
  'Bison', 'Cardinal', 'Monarch', 'Sentinel', 'Vanguard', 'Guardian', 'Allegiant', 'Continental',
  'Centennial', 'Landmark', 'Hallmark', 'Paramount', 'Premier', 'Nexus', 'Vertex', 'Zenith', 'Orbit',
  'Polar', 'Tidewater', 'Coastal', 'Canyon', 'Mesa', 'Sierra', 'Timberline', 'Glacier', 'Aurora',
] as const;

export const REGIONS = [
  'Midwest', 'Pacific', 'Atlantic', 'Gulf Coast', 'Great Lakes', 'Rocky Mountain', 'Southern', 'Northern',
  'Tri-County', 'Valley', 'Bay Area', 'Heartland', 'Piedmont', 'High Plains', 'Northwest', 'Southwest',
] as const;

export const PROFESSIONS = [
  'Teachers', 'Nurses', 'Realtors', 'Accountants', 'Engineers', 'Pharmacists', 'Dentists', 'Veterinarians',
  'Architects', 'Attorneys', 'Physicians', 'Firefighters', 'Police Officers', 'Electricians',
  'Insurance Agents', 'Mortgage Brokers', 'Home Builders', 'Farmers', 'Librarians', 'Pilots',
] as const;

export const MILITARY_BRANCHES = ['Navy', 'Army', 'Air Force', 'Marine Corps', 'Coast Guard', 'National Guard'] as const;

const US_STATES = STATES.filter((s) => s.country === 'US');
const CA_STATES = STATES.filter((s) => s.country === 'CA');
const weighted = (list: readonly StateRow[]) => list.map((s) => ({ value: s, weight: STATE_DEMOGRAPHICS[s.stateCode].weight }));
const US_WEIGHTED = weighted(US_STATES);
const CA_WEIGHTED = weighted(CA_STATES);

export const statesOf = (country: Country): readonly StateRow[] => (country === 'US' ? US_STATES : CA_STATES);

/** A state of the country, weighted by rough population. */
export function pickState(f: Faker, country: Country): StateRow {
  return f.helpers.weightedArrayElement(country === 'US' ? US_WEIGHTED : CA_WEIGHTED);
}

/** US about nine times in ten, as in the panel. */
export function pickCountry(f: Faker): Country {
  return f.helpers.weightedArrayElement([{ value: 'US' as const, weight: 9 }, { value: 'CA' as const, weight: 1 }]);
}

export function cityOf(f: Faker, state: StateRow): string {
  return f.helpers.arrayElement(STATE_DEMOGRAPHICS[state.stateCode].cities);
}

/** A place for a name: a city or the state itself (tied to that state), or a region (no state). */
export function pickPlace(f: Faker): { name: string; state: StateRow | null } {
  const kind = f.helpers.weightedArrayElement([
    { value: 'city' as const, weight: 5 }, { value: 'state' as const, weight: 3 }, { value: 'region' as const, weight: 2 },
  ]);
  if (kind === 'region') return { name: f.helpers.arrayElement(REGIONS), state: null };
  const state = pickState(f, pickCountry(f));
  return { name: kind === 'city' ? cityOf(f, state) : state.stateName, state };
}

/**
 * Calls make() until it returns a name not yet in `seen` (case-insensitive), records and returns it;
 * undefined when every try collided (the caller then skips the row).
 */
export function uniqueName(seen: Set<string>, make: () => string, tries = 40): string | undefined {
  for (let i = 0; i < tries; i++) {
    const name = make();
    const key = name.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      return name;
    }
  }
  return undefined;
}
