import { buildApp } from '../src/server/app';
import type { Db } from '../src/server/db/Db';
import { seedRoleUsers, signInAs, bearer } from '../tests/server/helpers/authKit';
import { testConfig } from '../tests/server/helpers/testContext';
import type { BenchRow } from './BenchRow';

const runs = 30;
const panelists = 2000;
const companies = 20000;

/**
 * Adds `n` generated products in one INSERT ... SELECT per chunk: every second one catalogued from
 * the generated email of the same number, one panelist and one company each (2,000 panelists,
 * 20,000 companies), entry ids the spec's pattern accepts, then ANALYZE.
 */
export async function generateProducts(db: Db, n: number): Promise<void> {
  const chunk = 100_000;
  for (let start = 1; start <= n; start += chunk) {
    const end = Math.min(n, start + chunk - 1);
    await db.query(
      `insert into products (muid, entry_id, document, product_status, media_channel, entry_date, index_name, last_worked_user)
       select case when g % 2 = 0 then g end, to_char(s.d, 'YYYY-MM-DD') || '-' || lpad(g::text, 12, '0'),
         jsonb_build_object(
           'entry_date', to_char(s.d, 'YYYY-MM-DD'), 'media_channel', 1 + g % 20, 'audience', 1,
           'product_name', 'Product ' || g, 'product_headline', 'Offer ' || g || ' for members',
           'panelists', jsonb_build_array(jsonb_build_object('panelist_id', s.panelist, 'panelist_date', to_char(s.d, 'YYYY-MM-DD'))),
           'companies', jsonb_build_array(jsonb_build_object('companyID', s.company, 'companyName', 'Company ' || s.company)),
           'sectors', jsonb_build_array(jsonb_build_array(jsonb_build_object('id', 87, 'name', 'Banking', 'sequence', 1, 'sectorWorksiteVoluntary', 0)))),
         (array[0, 1, 2, 3, 4])[1 + g % 5], 1 + g % 20, s.d, 'products_' || extract(year from s.d)::int, 'bench'
       from generate_series(${start}, ${end}) g
       cross join lateral (select date '2024-12-31' - (g % 1500) as d, 1 + abs(hashint4(g)) % ${panelists} as panelist,
         1 + abs(hashint4(g + 3)) % ${companies} as company) s`,
    );
  }
  await db.exec('analyze products');
}

function p95(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
}

/**
 * Issue 17 item 6, the product side: with a million products beside a million emails, the routes
 * that look into the catalogue answer through the app (auth, object checks, serialisation), p95 of
 * 30 calls each with varying arguments, against `budgetMs`.
 */
export async function benchProductQueries(db: Db, kind: string, productCount: number, budgetMs: number): Promise<BenchRow[]> {
  const config = testConfig();
  const app = await buildApp({ config, db });
  try {
    await app.ready();
    const users = await seedRoleUsers(db);
    const headers = bearer((await signInAs(app, users.admin.username, users.admin.password)).accessToken);
    const pick = (i: number) => 1 + ((i * 7919 + 13) % productCount);
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
      if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    const measure = async (fn: (i: number) => Promise<unknown>) => {
      await fn(runs); // warm the plan and the cache
      const t: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await fn(i);
        t.push(performance.now() - t0);
      }
      return p95(t);
    };
    const entryOf = async (id: number) => (await db.query<{ entry_id: string }>('select entry_id from products where product_id = $1', [id])).rows[0].entry_id;
    const blankEmails = (await db.query<{ muid: string }>('select muid::text as muid from emails where deleted = 0 order by muid limit $1', [runs + 1])).rows.map((r) => Number(r.muid));

    const figures: Array<[string, string, (i: number) => Promise<unknown>]> = [
      ['open a product', 'GET /api/product/{id}', (i) => call('GET', `/api/product/${pick(i)}`)],
      ["a product's emails", 'GET /api/emails/product/{id} (Used and Copy emails)', (i) => call('GET', `/api/emails/product/${pick(i) - (pick(i) % 2)}`)],
      ['assign a copy by entry id', 'POST /api/emails/assign-copy: one blank email to a product by its entry id', async (i) => call('POST', '/api/emails/assign-copy', { payload: [{ muid: blankEmails[i] }], entryID: await entryOf(pick(i)) })],
      ['headline duplicate check', 'POST /api/get_product_headline with an existing headline', (i) => call('POST', '/api/get_product_headline', { product_headline: `offer ${pick(i)} FOR members`, product_id: pick(i + 1) })],
      ["company media (a company's products)", 'GET /api/company-media/{companyID}: half of the companies have no product', (i) => call('GET', `/api/company-media/${i % 2 ? 1 + (i * 611) % companies : companies + 1 + i}?exclude=${pick(i)}`)],
      ["spacey assign-copy (a panelist's newest product)", 'POST /api/spacey/assign-copy: half of the panelists have no product', (i) => call('POST', '/api/spacey/assign-copy', { panelist_id: i % 2 ? 1 + (i * 37) % panelists : panelists + 1 + i })],
    ];
    const rows: BenchRow[] = [];
    for (const [name, what, fn] of figures) {
      const ms = await measure(fn);
      rows.push({ figure: `products (${kind}): ${name}`, value: ms, unit: 'ms p95', budget: `< ${budgetMs}`, pass: ms < budgetMs, detail: `${productCount.toLocaleString('en-US')} products beside the emails; ${what}` });
    }
    return rows;
  } finally {
    await app.close();
    config.cleanup();
  }
}
