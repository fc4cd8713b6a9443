import { describe, expect, it } from 'vitest';
import { buildListParams, firstRequestsScript } from '../../../codegen/firstRequestsScript';
import { configOf } from '../../../src/app/dashboards/dashboardConfig';
import { dashboardMetaOf } from '../../../src/app/dashboards/dashboardMeta';
import { firstListQuery } from '../../../src/app/dashboards/firstListQuery';
import { listParamsOf } from '../../../src/app/dashboards/listParamsData';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

// Issue 31 item 7: index.html's inline script asks for the first list with the build's list
// parameters; the app asks with the served metadata's. For the same metadata both requests must be
// equal, or the app would ask again.
describe('the first requests script (codegen/firstRequestsScript.ts)', () => {
  const fromMetadata = configOf(dashboardMetaOf(loadMetadataFromDir(projectRoot).files)).params;
  const fromBuild = listParamsOf(buildListParams(projectRoot));

  it.each([
    ['/', ''],
    ['/producer', '?dashboard=glacier&size=20&sort=muid&dir=asc&page=3'],
    ['/consumer/', '?dashboard=copy&query=sale&by_body=1&flags=a,b&from_day=01&from_month=02&from_year=2024'],
    ['/mortgage', '?dashboard=nope&size=7&sort=nope&dir=sideways&page=0&country=CA&state=ON'],
    ['/provider', '?show_used=1&show_blank=0&hide_read=true&to_day=09&to_month=10&to_year=2025'],
    ['/addproduct', ''],
  ])('asks for the same first list on %s%s as the app does from the metadata', (path, search) => {
    const app = firstListQuery(path, search, fromMetadata);
    expect(firstListQuery(path, search, fromBuild)).toEqual(app);
    if (path !== '/addproduct') expect(JSON.stringify(firstListQuery(path, search, fromBuild)!.page)).toBe(JSON.stringify(app!.page));
  });

  it('gives a criteriaFor with the default date range the metadata gives', () => {
    for (const dashboard of [...fromMetadata.dashboards, 'nope']) expect(fromBuild.criteriaFor(dashboard, '2024-03-31')).toEqual(fromMetadata.criteriaFor(dashboard, '2024-03-31'));
  });

  it('is one classic script that can stand inline: no module syntax, no end tag', async () => {
    const code = await firstRequestsScript(projectRoot);
    expect(code).not.toMatch(/<\/script|<!--|\bimport\s*[{(*]|\bexport\s/i);
    expect(code).toContain('/api/emails/search');
    // Compiles as a classic script.
    expect(() => new Function(code)).not.toThrow();
  });
});
