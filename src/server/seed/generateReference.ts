import { faker } from '@faker-js/faker/locale/en';
import { generateAffinities } from './generateAffinities';
import { generateCompanies } from './generateCompanies';
import { generatePanelists } from './generatePanelists';
import { generatePublications } from './generatePublications';
import type { ReferenceData } from './referenceTypes';

/** The demo's fixed seed; changing it (or the generators) changes every demo row. */
export const REFERENCE_SEED = 20241;

/**
 * The demo's "today": generators of dated demo rows (products, emails) count back from this, never
 * from Date.now(), so every run and every machine gets the same rows.
 */
export const DEMO_REFERENCE_DATE = new Date('2024-06-30T12:00:00.000Z');

/**
 * The demo reference rows: companies, affinities, panelists, publications (states are fixed
 * data, see STATES). Pure and repeatable: the same arrays on every call, machine, locale and time zone.
 * Synchronous from seeding to the last row, so nothing else can draw from the shared faker between.
 */
export function generateReference(): ReferenceData {
  faker.seed(REFERENCE_SEED);
  const companies = generateCompanies(faker);
  const affinities = generateAffinities(faker);
  const panelists = generatePanelists(faker);
  const publications = generatePublications(faker);
  return { companies, affinities, panelists, publications };
}
