import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsKit, type ProductsKit } from './productsKit';

// 001 §5, §7, §9: the editor's lookups, their minimum lengths and the allowed-sector filter.

describe('lookups', () => {
  let kit: ProductsKit;
  beforeAll(async () => {
    kit = await productsKit();
    const db = kit.db;
    await db.query(`insert into companies ("companyName", "isMilitaryCo", co_states, "associatedProductName") values
      ('Acme Bank', 0, '{}', 'Gold##Silver'), ('Acme Military Credit', 1, '{5,10}', null), ('Zephyr Telecom', 0, '{}', null), ('100%_Percent Co', 0, '{}', null)`);
    await db.query(`insert into affinities ("affinityName", "AffinityCategoryName") values ('Alumni Association of Ohio', 'Education'), ('Sierra Club', 'Environment')`);
    await db.query(`insert into panelists (competi_id, first_name, last_name, email, age, gender, "incomeID", "stateID", panelist_type, country) values
      (9001, 'Maria', 'Lopez', 'maria@panel.example', 34, 'F', 4, 5, 'consumer', 'US'), (9002, 'Mark', 'Stone', 'mark@panel.example', 61, 'M', 6, 60, 'producer', 'CA')`);
    await db.query(`insert into publications ("publicationName", "p_stateID", p_primary_country) values ('The Daily Planet', 33, 'US'), ('Globe Weekly', null, 'CA')`);
    await db.query("update auth_users set email = 'editor1@portal.example' where username = 'editor1'");
  });
  afterAll(async () => kit.close());

  const get = (url: string, headers = kit.as.editor) => kit.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: Record<string, unknown>, headers = kit.as.editor) => kit.app.inject({ method: 'POST', url, headers, payload });

  it('GET /api/panelists/{text} searches from more than 1 character and answers the picker fields', async () => {
    expect((await get('/api/panelists/M')).statusCode).toBe(400);
    const res = await get('/api/panelists/ma');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ statusCode: number; payload: Array<Record<string, unknown>> }>().payload;
    expect(rows.map((r) => r.first_name).sort()).toEqual(['Maria', 'Mark']);
    expect(rows.find((r) => r.first_name === 'Maria')).toEqual({ panelist_id: expect.any(Number), competi_id: 9001, first_name: 'Maria', last_name: 'Lopez', age: 34, gender: 'F', incomeID: 4, stateID: 5 });
    expect((await get('/api/panelists/9002')).json<{ payload: unknown[] }>().payload).toHaveLength(1);
  });

  it('POST /api/data/company {get_company} needs at least 2 characters; answers companyID, companyName, co_states', async () => {
    expect((await post('/api/data/company', { get_company: 'A' })).statusCode).toBe(400);
    const rows = (await post('/api/data/company', { get_company: 'acme' })).json<{ payload: Array<Record<string, unknown>> }>().payload;
    expect(rows.map((r) => r.companyName)).toEqual(['Acme Bank', 'Acme Military Credit']);
    expect(rows[1]).toMatchObject({ companyName: 'Acme Military Credit', isMilitaryCo: 1, co_states: [5, 10] });
    expect(rows[0].associatedProductName).toBe('Gold##Silver');
    // The text is matched literally: % and _ are not wildcards.
    expect((await post('/api/data/company', { get_company: '0%_' })).json<{ payload: Array<{ companyName: string }> }>().payload.map((r) => r.companyName)).toEqual(['100%_Percent Co']);
    expect((await post('/api/data/company', { get_company: '%%' })).json<{ payload: unknown[] }>().payload).toEqual([]);
  });

  it('POST /api/data/affinity {affinity} and GET /api/publications/{text} search from 2 characters', async () => {
    expect((await post('/api/data/affinity', { affinity: 'S' })).statusCode).toBe(400);
    expect((await post('/api/data/affinity', { affinity: 'sierra' })).json()).toEqual({ statusCode: 200, payload: [{ affinityID: expect.any(Number), affinityName: 'Sierra Club', AffinityCategoryName: 'Environment' }] });
    expect((await get('/api/publications/g')).statusCode).toBe(400);
    expect((await get('/api/publications/globe')).json()).toEqual({ statusCode: 200, payload: [{ publicationID: expect.any(Number), publicationName: 'Globe Weekly', p_stateID: null, p_primary_country: 'CA' }] });
  });

  it('GET /api/users answers userdata with user_email (users who have an address)', async () => {
    const body = (await get('/api/users')).json<{ statusCode: number; userdata: Array<{ username: string; user_email: string }> }>();
    expect(body.statusCode).toBe(200);
    expect(body.userdata.map((u) => [u.username, u.user_email])).toEqual([['banker1', 'banker@portal.example'], ['editor1', 'editor1@portal.example']]);
  });

  it('GET /api/data/sectors/{id}: 0 lists the sectors, an id its children, both filtered by allowed sectors', async () => {
    const all = (await get('/api/data/sectors/0')).json<{ payload: Array<{ id: number; name: string }> }>().payload;
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([87, 90, 4, 315]));
    const banker = (await get('/api/data/sectors/0', kit.as.banker)).json<{ payload: Array<{ id: number }> }>().payload;
    expect(banker.map((s) => s.id)).toEqual([87]);
    const card = (await get('/api/data/sectors/90')).json<{ payload: Array<{ id: number; name: string; parent: number; level: number }> }>().payload;
    expect(card).toEqual(expect.arrayContaining([expect.objectContaining({ id: 179, name: 'Credit Access Offer', parent: 90, level: 2 }), expect.objectContaining({ id: 178, name: 'Payment Card' })]));
    // Level 3 under a category, and 4 below that.
    const dental = (await get('/api/data/sectors/454')).json<{ payload: Array<{ id: number; level: number }> }>().payload;
    expect(dental).toEqual(expect.arrayContaining([expect.objectContaining({ id: 506, level: 3 })]));
    const refused = await get('/api/data/sectors/90', kit.as.banker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('You do not have permission');
    expect((await get('/api/data/sectors/abc')).statusCode).toBe(400);
    expect((await get('/api/data/sectors/424242')).statusCode).toBe(404);
  });

  it('every lookup needs a signed-in caller with the product view grant', async () => {
    expect((await get('/api/panelists/ma', {})).statusCode).toBe(401);
    expect((await post('/api/data/company', { get_company: 'acme' }, {})).statusCode).toBe(401);
    expect((await get('/api/users', kit.as.analyst)).statusCode).toBe(200);
  });
});
