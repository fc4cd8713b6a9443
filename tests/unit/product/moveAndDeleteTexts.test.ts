import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyItemKeys } from '../../../src/app/product/widgets/CompaniesWidget';
import { MOVE_RULE_FILE, moveMessage, moveMessageKeys } from '../../../src/server/products/moveAndDeleteRoutes';
import { projectRoot } from '../../../src/server/paths';

const json = (path: string) => JSON.parse(readFileSync(join(projectRoot, path), 'utf8')) as Record<string, unknown>;

// Issue 30 item 9: the editor's policy lives in metadata, not in TypeScript.
describe('move-and-delete texts and company keys from metadata', () => {
  it('every move-and-delete text is in the rule file, in the spec words (001 §8)', () => {
    const texts = json(MOVE_RULE_FILE)['x-messages'] as Record<string, string>;
    for (const key of moveMessageKeys) expect(typeof texts[key], key).toBe('string');
    expect(moveMessage('entryIdNotFound')).toBe('Entry Id not found');
    expect(moveMessage('moved')).toBe('Product move and deleted successfully');
    expect(moveMessage('noTarget', { entry_id: '2024-03-04-1' })).toBe('No product found for Entry ID: 2024-03-04-1');
  });

  it("a picked company keeps the keys of the companies schema's items", () => {
    const companies = (json('schemas/product/sections/companies.json').properties as Record<string, Record<string, unknown>>).companies!;
    expect(companyItemKeys(companies)).toEqual(['companyID', 'companyName', 'default_img', 'isWorksiteVoluntary', 'isMilitaryCo', 'isInsuranceExchange', 'co_states', 'imagePath', 'associatedProductName']);
  });
});
