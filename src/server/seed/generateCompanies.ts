import type { Faker } from '@faker-js/faker';
import type { CompanyRow, StateRow } from './referenceTypes';
import { BRANDS, MILITARY_BRANCHES, PROFESSIONS, pickCountry, pickPlace, pickState, statesOf, uniqueName } from './seedWords';

type Draft = Omit<CompanyRow, 'companyID'>;
type Place = ReturnType<typeof pickPlace>;

interface Kind {
  count: number;
  /** Returns the name and, when the name ties the company to a place, that place. */
  name: (f: Faker) => { name: string; place?: Place };
  /** Chance that a company is limited to some states (co_states): the state its name names, else a random one. */
  stateSpecific?: number;
  flags?: Partial<Pick<Draft, 'isWorksiteVoluntary' | 'isMilitaryCo' | 'isInsuranceExchange'>>;
  /** Chance of having associated product names, and how to make one. */
  products?: { chance: number; make: (f: Faker, brand: string) => string };
}

const brand = (f: Faker) => f.helpers.arrayElement(BRANDS);
const last = (f: Faker) => f.person.lastName();
/** Picks a template; `p` is a fresh place so templates may name it. */
function placed(f: Faker, templates: ((p: string) => string)[]): { name: string; place: Place } {
  const place = pickPlace(f);
  return { name: f.helpers.arrayElement(templates)(place.name), place };
}
const plain = (name: string) => ({ name });

const CARD_TIERS = ['Platinum', 'Gold', 'Signature', 'Preferred', 'World Elite', 'Secured', 'Student', 'Premier', 'Select'];
const CARD_KINDS = ['Rewards Card', 'Cash Back Card', 'Travel Card', 'Visa', 'Mastercard', 'Miles Card', 'Business Card', 'Balance Transfer Card'];
const BANK_PRODUCTS = ['Premier Checking', 'Online Savings', 'Money Market Account', 'Home Equity Line', 'Certificate of Deposit', 'Personal Loan', 'Auto Loan', 'Relationship Checking'];

/** The ~800 demo advertisers, by kind: realistic marketing-company names, some military, worksite or exchange. */
const KINDS: Kind[] = [
  {
    count: 110, stateSpecific: 0.15,
    name: (f) => f.helpers.arrayElement([
      () => plain(`${last(f)} National Bank`),
      () => plain(`${brand(f)} Bank`),
      () => plain(`${brand(f)} Trust Company`),
      () => plain(`${last(f)} & ${last(f)} Bancorp`),
      () => placed(f, [(p) => `First ${p} Bank`, (p) => `${p} Savings Bank`, (p) => `Bank of ${p}`, (p) => `${p} Federal Savings`]),
    ])(),
    products: { chance: 0.25, make: (f) => f.helpers.arrayElement(BANK_PRODUCTS) },
  },
  {
    count: 50, stateSpecific: 0.25,
    name: (f) => f.helpers.arrayElement([
      () => placed(f, [(p) => `${p} Community Credit Union`, (p) => `${p} Teachers Credit Union`]),
      () => plain(`${brand(f)} Federal Credit Union`),
      () => plain(`${f.helpers.arrayElement(PROFESSIONS)} Federal Credit Union`),
    ])(),
  },
  {
    count: 30, flags: { isMilitaryCo: 1 },
    name: (f) => plain(f.helpers.arrayElement([
      () => `${brand(f)} Federal Credit Union for service members`,
      () => `Armed Forces ${brand(f)} Bank`,
      () => `${brand(f)} Military Insurance Association`,
      () => `Veterans ${brand(f)} Mutual`,
      () => `${f.helpers.arrayElement(MILITARY_BRANCHES)} Family Federal Credit Union`,
      () => `Service Members ${brand(f)} Bank`,
    ])()),
  },
  {
    count: 70,
    name: (f) => plain(f.helpers.arrayElement([
      () => `${brand(f)} Card Services`, () => `${brand(f)} Bankcard`, () => `${last(f)} Financial`,
      () => `${brand(f)} Credit`, () => `${brand(f)} Card Company`,
    ])()),
    products: {
      chance: 0.9,
      make: (f, b) => `${b} ${f.helpers.arrayElement(CARD_TIERS)} ${f.helpers.arrayElement(CARD_KINDS)}`,
    },
  },
  {
    count: 110, stateSpecific: 0.08,
    name: (f) => f.helpers.arrayElement([
      () => plain(`${last(f)} Mutual Insurance`),
      () => plain(`${brand(f)} Life Insurance Company`),
      () => plain(`${brand(f)} Health Plans`),
      () => plain(`${brand(f)} Auto Insurance`),
      () => plain(`${last(f)} & ${last(f)} Insurance Group`),
      () => plain(`${brand(f)} Assurance`),
      () => plain(`${brand(f)} Home & Auto`),
      () => placed(f, [(p) => `${p} Casualty & Surety`, (p) => `${p} Farm Bureau Insurance`]),
    ])(),
  },
  {
    count: 40, flags: { isWorksiteVoluntary: 1 },
    name: (f) => plain(f.helpers.arrayElement([
      () => `${brand(f)} Voluntary Benefits`, () => `${brand(f)} Worksite Solutions`,
      () => `${last(f)} Employee Benefits`, () => `${brand(f)} Group Life & Disability`,
      () => `${brand(f)} Supplemental Insurance`,
    ])()),
  },
  {
    // Health insurance exchanges are always state-run: co_states is the one state.
    count: 25, stateSpecific: 1, flags: { isInsuranceExchange: 1 },
    name: (f) => {
      const state = f.helpers.arrayElement(statesOf('US'));
      const name = f.helpers.arrayElement([
        (s: string) => `${s} Health Insurance Marketplace`, (s: string) => `Covered ${s}`,
        (s: string) => `${s} Health Connector`, (s: string) => `${s} Health Link`, (s: string) => `Get Covered ${s}`,
      ])(state.stateName);
      return { name, place: { name: state.stateName, state } };
    },
  },
  {
    count: 60, stateSpecific: 0.1,
    name: (f) => f.helpers.arrayElement([
      () => plain(`${brand(f)} Wireless`), () => plain(`${brand(f)} Mobile`), () => plain(`${brand(f)} Telecom`),
      () => plain(`${brand(f)} Broadband`), () => plain(`${brand(f)} Cable & Internet`), () => plain(`${brand(f)} Fiber`),
      () => placed(f, [(p) => `${p} Telephone Cooperative`]),
    ])(),
  },
  {
    count: 130, stateSpecific: 0.02,
    name: (f) => plain(f.helpers.arrayElement([
      () => `${last(f)}'s`, () => `${last(f)} Department Stores`, () => `${brand(f)} Outfitters`,
      () => `${brand(f)} Home Goods`, () => `${brand(f)} Market`, () => `${brand(f)} Pharmacy`,
      () => `${brand(f)} Electronics`, () => `${brand(f)} Pet Supply`, () => `${last(f)} & ${last(f)}`,
      () => `${brand(f)} Furniture`, () => `${brand(f)} Sporting Goods`, () => `${brand(f)} Beauty`,
    ])()),
  },
  {
    count: 55, stateSpecific: 0.02,
    name: (f) => f.helpers.arrayElement([
      () => plain(`${brand(f)} Airlines`), () => plain(`${brand(f)} Air`), () => plain(`${brand(f)} Cruises`),
      () => plain(`${brand(f)} Hotels & Resorts`), () => plain(`${brand(f)} Vacations`), () => plain(`${brand(f)} Car Rental`),
      () => placed(f, [(p) => `${p} Airways`]),
    ])(),
    products: { chance: 0.3, make: (f, b) => `${b} ${f.helpers.arrayElement(['Miles', 'Rewards', 'Elite Status', 'Vacation Club'])}` },
  },
  {
    count: 55, stateSpecific: 0.3,
    name: (f) => f.helpers.arrayElement([
      () => placed(f, [(p) => `${p} Power & Light`, (p) => `${p} Gas & Electric`, (p) => `${p} Electric Cooperative`]),
      () => plain(`${brand(f)} Energy`), () => plain(`${brand(f)} Solar`), () => plain(`${brand(f)} Propane`),
      () => plain(`${brand(f)} Home Services`),
    ])(),
  },
  {
    count: 40,
    name: (f) => plain(f.helpers.arrayElement([
      () => `${brand(f)} Express`, () => `${brand(f)} Delivery`, () => `${brand(f)} Parcel`,
      () => `${brand(f)} Freight & Parcel`, () => `${brand(f)} Kitchen Box`, () => `${brand(f)} Meal Kits`,
      () => `${brand(f)} Grocery Delivery`, () => `${brand(f)} Courier`,
    ])()),
  },
  {
    count: 25,
    name: (f) => plain(f.helpers.arrayElement([
      () => `${brand(f)} Mortgage`, () => `${brand(f)} Home Loans`, () => `${last(f)} Investments`,
      () => `${brand(f)} Auto Finance`, () => `${brand(f)} Student Loans`, () => `${brand(f)} Wealth Management`,
    ])()),
  },
];

/** co_states: the named state, sometimes with one or two more of the same country. */
function coStates(f: Faker, state: StateRow): number[] {
  const ids = new Set([state.stateID]);
  if (f.datatype.boolean({ probability: 0.2 })) {
    for (const s of f.helpers.arrayElements(statesOf(state.country), { min: 1, max: 2 })) ids.add(s.stateID);
  }
  return [...ids].sort((a, b) => a - b);
}

function associated(f: Faker, kind: Kind, name: string): string | null {
  if (!kind.products || !f.datatype.boolean({ probability: kind.products.chance })) return null;
  const brandWord = name.split(' ')[0];
  const names = new Set<string>();
  const n = f.number.int({ min: 1, max: 4 });
  for (let i = 0; i < n; i++) names.add(kind.products.make(f, brandWord));
  return [...names].join('##');
}

export function generateCompanies(f: Faker): CompanyRow[] {
  const seen = new Set<string>();
  const drafts: Draft[] = [];
  for (const kind of KINDS) {
    for (let i = 0; i < kind.count; i++) {
      let place: Place | undefined;
      const name = uniqueName(seen, () => {
        const made = kind.name(f);
        place = made.place;
        return made.name;
      });
      if (!name) continue;
      // A name that names a state ("Bank of Ohio") usually means a state-limited company.
      const limited = kind.stateSpecific !== undefined && f.datatype.boolean({ probability: place?.state ? Math.max(kind.stateSpecific, 0.8) : kind.stateSpecific });
      const state = limited ? (place?.state ?? pickState(f, pickCountry(f))) : null;
      drafts.push({
        companyName: name,
        default_img: null,
        isWorksiteVoluntary: kind.flags?.isWorksiteVoluntary ?? 0,
        isMilitaryCo: kind.flags?.isMilitaryCo ?? 0,
        isInsuranceExchange: kind.flags?.isInsuranceExchange ?? 0,
        co_states: !state ? [] : kind.flags?.isInsuranceExchange ? [state.stateID] : coStates(f, state),
        associatedProductName: associated(f, kind, name),
      });
    }
  }
  // Interleave the kinds so ids and default orderings are not grouped by industry.
  return f.helpers.shuffle(drafts).map((d, i) => ({ companyID: i + 1, ...d }));
}
