import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalModules } from '../../src/server/auth/modules';
import { createRole, setRolePermissions, updateRole } from '../../src/server/auth/roles';
import { createUser, findUser, setUserDisabled, setUserPassword, updateUser } from '../../src/server/auth/users';
import type { DeclaredRoute } from '../../src/server/auth/authPlugin';
import { projectRoot } from '../../src/server/paths';
import { badTextMessage } from '../../src/server/security/refuseBadText';
import { bearer, signInAs } from './helpers/authKit';
import { malformedValue, paramValue, type Schema, type SchemaDocs } from './helpers/schemaArbitraries';
import { approvableProduct, createProduct, productsKit, type ProductsKit } from './productsKit';

// Issue 26 §11: no request makes the server answer 5xx. Every /api route gets malformed bodies,
// queries and path parameters built from its own schemas (fast-check arbitraries: a valid value with
// one place replaced by a hostile one, or a hostile value outright), as a user with every permission,
// so each reaches its handler. npm test sends a few per route with a fixed seed;
// FUZZ_CASES_PER_ROUTE=1000 (and FUZZ_SEED) is the big run.

const casesPerRoute = Number(process.env.FUZZ_CASES_PER_ROUTE ?? 8);
const seed = Number(process.env.FUZZ_SEED ?? 26);

/** Routes that take a POST/PUT/PATCH without a JSON body schema, each with the reason. */
const bodyExcused: Record<string, string> = {
  'POST /api/auth/sign-out': 'reads no body (the refresh cookie)',
  'POST /api/auth/auto-sign-out': 'reads no body (the refresh cookie)',
  'POST /api/auth/refresh': 'reads no body (the refresh cookie)',
  'POST /api/auth/activity': 'reads no body (marks the session active)',
  'POST /api/resample/:id': 'reads no body (the image id is the path)',
  'POST /api/upload-product-media': 'multipart: fields read one by one and checked (uploadRoutes)',
  'POST /api/emails/upload-attachments/:muid': 'multipart: the file part only',
};

const docs: SchemaDocs = {
  api: JSON.parse(readFileSync(join(projectRoot, 'codegen/generated/api-schemas.json'), 'utf8')) as Schema,
  products: JSON.parse(readFileSync(join(projectRoot, 'codegen/generated/product-api-schemas.json'), 'utf8')) as Schema,
};

interface Case {
  url: string;
  query: string;
  body: unknown;
}

const fuzzAddress = '10.26.0.1';

/** A query string from a generated value: an object's keys, or one odd parameter. */
function queryOf(v: unknown): string {
  const q = new URLSearchParams();
  const text = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x) ?? '');
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) for (const item of Array.isArray(x) ? x : [x]) q.append(k, text(item));
  } else q.append('q', text(v));
  return q.toString();
}

describe('route fuzz: malformed input never gives a 5xx (issue 26 §11)', () => {
  let kit: ProductsKit;
  let routes: DeclaredRoute[] = [];
  let headers: Record<string, string> = {};
  let known: string[] = [];
  let fuzzRole = 0;
  let fuzzUser = 0;
  const fuzzPassword = 'fuzz-user-password-26';

  /** Puts the fuzz user back (the admin routes may disable it, change its role or password) and signs in. */
  async function restoreSession(): Promise<void> {
    const ok = await kit.app.inject({ method: 'GET', url: '/api/auth/permissions', headers });
    if (ok.statusCode === 200 && (await findUser(kit.db, fuzzUser))?.role_id === fuzzRole) return;
    await kit.db.query(`insert into auth_roles (role_id, role_name) values ($1, 'fuzz-admin') on conflict (role_id) do nothing`, [fuzzRole]);
    await updateRole(kit.db, fuzzRole, { role_name: `fuzz-admin-${Date.now()}`, all_sectors: true });
    await setRolePermissions(kit.db, fuzzRole, Object.fromEntries(portalModules.map((m) => [m.key, m.operations])));
    await setUserDisabled(kit.db, fuzzUser, false);
    await updateUser(kit.db, fuzzUser, { role_id: fuzzRole });
    await setUserPassword(kit.db, fuzzUser, fuzzPassword);
    await kit.db.query('delete from auth_throttle');
    headers = bearer((await signInAs(kit.app, 'fuzzer', fuzzPassword, fuzzAddress)).accessToken);
  }

  beforeAll(async () => {
    kit = await productsKit();
    fuzzRole = await createRole(kit.db, { role_name: 'fuzz-admin', all_sectors: true });
    await setRolePermissions(kit.db, fuzzRole, Object.fromEntries(portalModules.map((m) => [m.key, m.operations])));
    fuzzUser = await createUser(kit.db, { username: 'fuzzer', password: fuzzPassword, role_id: fuzzRole, email: 'fuzzer@portal.example' });
    headers = bearer((await signInAs(kit.app, 'fuzzer', fuzzPassword, fuzzAddress)).accessToken);
    // A product and an email that exist, so some generated ids reach past the 404s.
    const product = await createProduct(kit, approvableProduct());
    const email = await kit.db.query<{ muid: string }>(
      `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, index_name, html_body)
       values ('<fuzz@test>', md5('fuzz'), 10, 'Fuzz', 'news@fuzz.example', now(), 0, 'emails_2024', '<p>hi</p>') returning muid::text as muid`,
    );
    known = [String(product), email.rows[0].muid, '1'];
    // Session-ending and account routes last, so they cost the others nothing.
    const late = (r: DeclaredRoute) => (/^\/api\/(auth|admin)\//.test(r.url) ? 1 : 0);
    routes = kit.app.apiRouteAccess.filter((r) => r.method !== 'HEAD').sort((a, b) => late(a) - late(b));
  });
  afterAll(async () => kit?.close());

  it('every route that takes a JSON body declares its schema, and every path parameter is checked', () => {
    const missing = routes
      .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !(r.schema as Schema | undefined)?.body)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !(r in bodyExcused));
    expect(missing, 'routes reading a body without a schema').toEqual([]);
    expect(Object.keys(bodyExcused).filter((k) => !routes.some((r) => `${r.method} ${r.url}` === k)), 'excused routes that do not exist').toEqual([]);
    // The query schema every route has (its own, or one that drops every parameter: requestSchemas.ts).
    expect(routes.filter((r) => !(r.schema as Schema | undefined)?.querystring).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('the reported inputs: a non-string search, by_id beyond bigint, page 1e20 (400 or an empty answer, never 500)', async () => {
    await kit.db.query(
      `insert into prediction_models (variant, examples, training_ms, evaluation, model)
       values ('current', 0, 0, '{}', '{"library":"wink","targets":{"sector":null,"category":null,"mailing_type":null,"company":null}}')`,
    );
    const post = (url: string, payload: unknown) => kit.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
    const search = { query: '99999999999999999999999', by_id: true };
    const list = { page: 1, perpage: 10, dashboard: 'focus', panelist: 'all' };
    for (const [url, body] of [
      ['/api/spacey/list', { page: 1, perpage: 10, search: { query: { $gt: '' } } }],
      ['/api/spacey/list', { page: 1, perpage: 10, search: { panelist: { a: 1 } } }],
      ['/api/emails/list', { ...list, page: 1e20 }],
      ['/api/emails/list', { ...list, page: '1e20' }],
      ['/api/spacey/list', { page: 1e20, perpage: 10 }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    for (const [url, body, rows] of [
      ['/api/spacey/list', { page: 1, perpage: 10, search }, 'payload'],
      ['/api/emails/list', { ...list, search }, 'payload'],
      ['/api/emails/search', { search, request: list }, 'payload'],
      ['/api/deduplicates/search', { search: { query: '100000000000000000000' }, payload: { page: 1, perpage: 10 } }, 'payload'],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json()[rows]).toEqual([]);
    }
    // Found by the fuzz runs: U+0000 and lone surrogates (PostgreSQL refuses both), an integer id beyond
    // int4, a rename to a taken role name.
    const nul = await kit.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'a\u0000b', password: 'x' }, remoteAddress: '10.26.9.9' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(badTextMessage);
    expect((await post('/api/get_product_headline', { product_headline: '\u0000' })).statusCode).toBe(400);
    expect((await kit.app.inject({ method: 'PUT', url: `/api/admin/roles/${fuzzRole}`, headers, payload: { description: 'half a pair: \ud800' } })).statusCode).toBe(400);
    expect((await kit.app.inject({ method: 'PATCH', url: `/api/admin/users/${fuzzUser}`, headers, payload: { role_id: 9999999999 } })).statusCode).toBe(400);
    const rename = await kit.app.inject({ method: 'PUT', url: `/api/admin/roles/${fuzzRole}`, headers, payload: { role_name: 'Editor' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('The role "Editor" already exists.');
    expect((await kit.app.inject({ method: 'GET', url: '/api/company-media/9999999999', headers })).statusCode).toBe(400);
  });

  it(`${casesPerRoute} malformed requests per route (seed ${seed}): none answers 5xx`, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      await restoreSession();
      const schema = (route.schema ?? {}) as Schema;
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const paramsArb = fc.tuple(...names.map(() => paramValue(known)));
      const queryArb = schema.querystring ? malformedValue(docs, schema.querystring as Schema) : fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 });
      const bodyArb = ['POST', 'PUT', 'PATCH'].includes(route.method) ? malformedValue(docs, schema.body as Schema | undefined) : fc.constant(undefined);
      const caseArb: fc.Arbitrary<Case> = fc.tuple(paramsArb, queryArb, bodyArb).map(([params, query, body]) => {
        let i = 0;
        const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(params[i++] ?? ''));
        return { url, query: queryOf(query), body };
      });
      for (const c of fc.sample(caseArb, { numRuns: casesPerRoute, seed: seed + index })) {
        const res = await kit.app.inject({
          method: route.method as 'GET',
          url: c.query ? `${c.url}?${c.query}` : c.url,
          headers,
          remoteAddress: '127.0.0.1',
          ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body), headers: { ...headers, 'content-type': 'application/json' } }),
        });
        sent++;
        if (res.statusCode < 500) continue;
        failures.push(`${route.method} ${c.url}?${c.query} ${JSON.stringify(c.body)?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        // Told as found, so a long run that is stopped still says what it found.
        console.error(`route fuzz: ${failures.at(-1)}`);
      }
    }
    expect(sent).toBe(routes.length * casesPerRoute);
    expect(failures.slice(0, 20), `${failures.length} of ${sent} requests answered 5xx`).toEqual([]);
  }, 120_000 + casesPerRoute * 200 * 40);
});
