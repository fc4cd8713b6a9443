import type {
  AffinitySearchRequest, AffinitySearchRow, CompanySearchRequest, CompanySearchRow, LookupResponse, PanelistSearchRow, PublicationSearchRow, UsersResponse,
} from '../../api/products';
import { canUseSector, noPermissionMessage, requireAuth } from '../auth/access';
import { httpError } from '../httpError';
import { productSchema } from '../products/productApiSchemas';
import { productEngine } from '../products/productEngine';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { sectorTree, type SectorTree } from './sectorChildren';

const view = { permission: { module: 'product', operation: 'view' } };
const maxRows = 50;

/** ILIKE pattern for a substring search: the user's text is matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchText(raw: string, min: number, what: string): string {
  const text = raw.trim();
  if (text.length < min) throw httpError(400, `Type at least ${min} characters to search ${what}.`);
  return text;
}

/**
 * The editor's lookups (001 §7): panelists, companies, affinities, publications, users and the
 * sector tree filtered by the caller's allowed sectors. Minimum lengths are the spec's (001 §9).
 */
export const lookupRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;
  // One tree per metadata version: a reload (or a sectors table imported) reaches the next call.
  const trees = new WeakMap<object, SectorTree>();
  const currentTree = (): SectorTree => {
    const { model } = productEngine().engine;
    let tree = trees.get(model);
    if (!tree) trees.set(model, (tree = sectorTree(model)));
    return tree;
  };

  // 001 §5: the panelist search starts at more than 1 character.
  app.get<{ Params: { text: string } }>('/api/panelists/:text', { config: view }, async (req): Promise<LookupResponse> => {
    const text = searchText(req.params.text, 2, 'panelists');
    const r = await db.query<PanelistSearchRow>(
      `select panelist_id, competi_id, first_name, last_name, age, gender, "incomeID", "stateID"
         from panelists where search_text ilike $1 order by last_name, first_name, panelist_id limit ${maxRows}`,
      [contains(text)],
    );
    return { statusCode: 200, payload: r.rows };
  });

  app.post<{ Body: CompanySearchRequest }>('/api/data/company', { config: view, schema: { body: productSchema('CompanySearchRequest') } }, async (req): Promise<LookupResponse> => {
    const text = searchText(req.body.get_company, 2, 'companies');
    const r = await db.query<CompanySearchRow>(
      `select "companyID", "companyName", default_img, "isWorksiteVoluntary", "isMilitaryCo", "isInsuranceExchange", co_states, "associatedProductName"
         from companies where "companyName" ilike $1 order by "companyName", "companyID" limit ${maxRows}`,
      [contains(text)],
    );
    return { statusCode: 200, payload: r.rows };
  });

  app.post<{ Body: AffinitySearchRequest }>('/api/data/affinity', { config: view, schema: { body: productSchema('AffinitySearchRequest') } }, async (req): Promise<LookupResponse> => {
    const text = searchText(req.body.affinity, 2, 'affinities');
    const r = await db.query<AffinitySearchRow>(
      `select "affinityID", "affinityName", "AffinityCategoryName" from affinities where "affinityName" ilike $1 order by "affinityName", "affinityID" limit ${maxRows}`,
      [contains(text)],
    );
    return { statusCode: 200, payload: r.rows };
  });

  app.get<{ Params: { text: string } }>('/api/publications/:text', { config: view }, async (req): Promise<LookupResponse> => {
    const text = searchText(req.params.text, 2, 'publications');
    const r = await db.query<PublicationSearchRow>(
      `select "publicationID", "publicationName", "p_stateID", p_primary_country from publications where "publicationName" ilike $1
        order by "publicationName", "publicationID" limit ${maxRows}`,
      [contains(text)],
    );
    return { statusCode: 200, payload: r.rows };
  });

  // The send-link dialog's To list: active users with an email address.
  app.get('/api/users', { config: view }, async (): Promise<UsersResponse> => {
    const r = await db.query<{ user_id: number; username: string; user_email: string }>(
      `select user_id, username, email as user_email from auth_users where not disabled and email <> '' order by lower(username)`,
    );
    return { statusCode: 200, userdata: r.rows };
  });

  // 001 §7 data/sectors/{sectorId}: 0 lists the sectors; the caller's allowed sectors filter both.
  app.get<{ Params: { id: string } }>('/api/data/sectors/:id', { config: view }, async (req): Promise<LookupResponse> => {
    const raw = req.params.id.trim();
    if (!/^\d{1,9}$/.test(raw)) throw httpError(400, 'The sector id must be a number.');
    const id = Number(raw);
    const auth = requireAuth(req);
    const tree = currentTree();
    if (id === 0) return { statusCode: 200, payload: tree.children(0).filter((s) => canUseSector(auth, s.id)) };
    if (!tree.has(id)) throw httpError(404, `Unknown sector ${id}`);
    const root = tree.rootOf(id);
    if (root === undefined || !canUseSector(auth, root)) throw httpError(403, noPermissionMessage);
    return { statusCode: 200, payload: tree.children(id) };
  });
};
