import type { StateRow } from './referenceTypes';

/**
 * The states table as migration 002_reference.sql inserts it (tests check the two agree):
 * 50 US states + DC (ids 1-51, alphabetical), then the 13 Canadian provinces and territories
 * (ids 52-64). stateID 0 is never used.
 */
export const STATES: readonly StateRow[] = [
  ['Alabama', 'AL'], ['Alaska', 'AK'], ['Arizona', 'AZ'], ['Arkansas', 'AR'], ['California', 'CA'],
  ['Colorado', 'CO'], ['Connecticut', 'CT'], ['Delaware', 'DE'], ['District of Columbia', 'DC'],
  ['Florida', 'FL'], ['Georgia', 'GA'], ['Hawaii', 'HI'], ['Idaho', 'ID'], ['Illinois', 'IL'],
  ['Indiana', 'IN'], ['Iowa', 'IA'], ['Kansas', 'KS'], ['Kentucky', 'KY'], ['Louisiana', 'LA'],
  ['Maine', 'ME'], ['Maryland', 'MD'], ['Massachusetts', 'MA'], ['Michigan', 'MI'], ['Minnesota', 'MN'],
  ['Mississippi', 'MS'], ['Missouri', 'MO'], ['Montana', 'MT'], ['Nebraska', 'NE'], ['Nevada', 'NV'],
  ['New Hampshire', 'NH'], ['New Jersey', 'NJ'], ['New Mexico', 'NM'], ['New York', 'NY'],
  ['North Carolina', 'NC'], ['North Dakota', 'ND'], ['Ohio', 'OH'], ['Oklahoma', 'OK'], ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'], ['Rhode Island', 'RI'], ['South Carolina', 'SC'], ['South Dakota', 'SD'],
  ['Tennessee', 'TN'], ['Texas', 'TX'], ['Utah', 'UT'], ['Vermont', 'VT'], ['Virginia', 'VA'],
  ['Washington', 'WA'], ['West Virginia', 'WV'], ['Wisconsin', 'WI'], ['Wyoming', 'WY'],
  ['Alberta', 'AB', 'CA'], ['British Columbia', 'BC', 'CA'], ['Manitoba', 'MB', 'CA'], ['New Brunswick', 'NB', 'CA'],
  ['Newfoundland and Labrador', 'NL', 'CA'], ['Northwest Territories', 'NT', 'CA'], ['Nova Scotia', 'NS', 'CA'],
  ['Nunavut', 'NU', 'CA'], ['Ontario', 'ON', 'CA'], ['Prince Edward Island', 'PE', 'CA'], ['Quebec', 'QC', 'CA'],
  ['Saskatchewan', 'SK', 'CA'], ['Yukon', 'YT', 'CA'],
].map(([stateName, stateCode, country = 'US'], i) => ({
  stateID: i + 1,
  stateName,
  stateCode,
  country: country as StateRow['country'],
}));

/**
 * Demo-only facts per state code: the two largest cities (newspaper mastheads) and a rough
 * population weight (hundreds of thousands) so panelists and publications cluster realistically.
 */
export const STATE_DEMOGRAPHICS: Readonly<Record<string, { cities: readonly string[]; weight: number }>> = {
  AL: { cities: ['Birmingham', 'Montgomery'], weight: 50 }, AK: { cities: ['Anchorage', 'Fairbanks'], weight: 7 },
  AZ: { cities: ['Phoenix', 'Tucson'], weight: 73 }, AR: { cities: ['Little Rock', 'Fayetteville'], weight: 30 },
  CA: { cities: ['Los Angeles', 'San Diego'], weight: 390 }, CO: { cities: ['Denver', 'Colorado Springs'], weight: 58 },
  CT: { cities: ['Hartford', 'New Haven'], weight: 36 }, DE: { cities: ['Wilmington', 'Dover'], weight: 10 },
  DC: { cities: ['Washington'], weight: 7 }, FL: { cities: ['Miami', 'Tampa'], weight: 222 },
  GA: { cities: ['Atlanta', 'Savannah'], weight: 109 }, HI: { cities: ['Honolulu', 'Hilo'], weight: 14 },
  ID: { cities: ['Boise', 'Idaho Falls'], weight: 19 }, IL: { cities: ['Chicago', 'Springfield'], weight: 126 },
  IN: { cities: ['Indianapolis', 'Fort Wayne'], weight: 68 }, IA: { cities: ['Des Moines', 'Cedar Rapids'], weight: 32 },
  KS: { cities: ['Wichita', 'Topeka'], weight: 29 }, KY: { cities: ['Louisville', 'Lexington'], weight: 45 },
  LA: { cities: ['New Orleans', 'Baton Rouge'], weight: 46 }, ME: { cities: ['Portland', 'Bangor'], weight: 14 },
  MD: { cities: ['Baltimore', 'Annapolis'], weight: 62 }, MA: { cities: ['Boston', 'Worcester'], weight: 70 },
  MI: { cities: ['Detroit', 'Grand Rapids'], weight: 100 }, MN: { cities: ['Minneapolis', 'Saint Paul'], weight: 57 },
  MS: { cities: ['Jackson', 'Gulfport'], weight: 29 }, MO: { cities: ['Kansas City', 'St. Louis'], weight: 62 },
  MT: { cities: ['Billings', 'Missoula'], weight: 11 }, NE: { cities: ['Omaha', 'Lincoln'], weight: 20 },
  NV: { cities: ['Las Vegas', 'Reno'], weight: 32 }, NH: { cities: ['Manchester', 'Concord'], weight: 14 },
  NJ: { cities: ['Newark', 'Trenton'], weight: 93 }, NM: { cities: ['Albuquerque', 'Santa Fe'], weight: 21 },
  NY: { cities: ['New York', 'Buffalo'], weight: 196 }, NC: { cities: ['Charlotte', 'Raleigh'], weight: 108 },
  ND: { cities: ['Fargo', 'Bismarck'], weight: 8 }, OH: { cities: ['Columbus', 'Cleveland'], weight: 118 },
  OK: { cities: ['Oklahoma City', 'Tulsa'], weight: 40 }, OR: { cities: ['Portland', 'Eugene'], weight: 42 },
  PA: { cities: ['Philadelphia', 'Pittsburgh'], weight: 130 }, RI: { cities: ['Providence', 'Newport'], weight: 11 },
  SC: { cities: ['Charleston', 'Columbia'], weight: 53 }, SD: { cities: ['Sioux Falls', 'Rapid City'], weight: 9 },
  TN: { cities: ['Nashville', 'Memphis'], weight: 70 }, TX: { cities: ['Houston', 'Dallas'], weight: 300 },
  UT: { cities: ['Salt Lake City', 'Provo'], weight: 34 }, VT: { cities: ['Burlington', 'Montpelier'], weight: 6 },
  VA: { cities: ['Richmond', 'Norfolk'], weight: 87 }, WA: { cities: ['Seattle', 'Spokane'], weight: 78 },
  WV: { cities: ['Charleston', 'Morgantown'], weight: 18 }, WI: { cities: ['Milwaukee', 'Madison'], weight: 59 },
  WY: { cities: ['Cheyenne', 'Casper'], weight: 6 },
  AB: { cities: ['Calgary', 'Edmonton'], weight: 46 }, BC: { cities: ['Vancouver', 'Victoria'], weight: 53 },
  MB: { cities: ['Winnipeg', 'Brandon'], weight: 14 }, NB: { cities: ['Moncton', 'Saint John'], weight: 8 },
  NL: { cities: ["St. John's", 'Corner Brook'], weight: 5 }, NT: { cities: ['Yellowknife'], weight: 1 },
  NS: { cities: ['Halifax', 'Sydney'], weight: 10 }, NU: { cities: ['Iqaluit'], weight: 1 },
  ON: { cities: ['Toronto', 'Ottawa'], weight: 150 }, PE: { cities: ['Charlottetown', 'Summerside'], weight: 2 },
  QC: { cities: ['Montreal', 'Quebec City'], weight: 86 }, SK: { cities: ['Saskatoon', 'Regina'], weight: 12 },
  YT: { cities: ['Whitehorse'], weight: 1 },
};
