import { describe, expect, it } from 'vitest';
import { lintMetadata } from '../../../src/engine';
import type { Metadata } from '../../../src/engine';
import { formAreas } from '../../../src/engine/model/formAreas';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { miniMetadata } from './miniMetadata';

type Json = Record<string, unknown> & { rules?: Array<Record<string, unknown>>; gates?: Record<string, unknown>; oneOf?: unknown[]; properties?: Record<string, unknown> };
/** The mini fixture with one file changed. */
function broken(file: string, change: (content: Json) => void): Metadata {
  const md = miniMetadata();
  const content = structuredClone(md.files[file]) as Json;
  change(content);
  md.files[file] = content;
  return md;
}
const lines = (md: Metadata) => lintMetadata(md).map((p) => `${p.file}:${p.path}: ${p.message}`);

describe('lintMetadata', () => {
  it('finds no problem in the mini fixture', () => {
    expect(lines(miniMetadata())).toEqual([]);
  });

  it('unknown var: names the file and the JSON path of the var', () => {
    const md = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { and: [{ '==': [{ var: 'media_chanel' }, 1] }, { in: [{ var: 'audience' }, [1, 2, 5]] }] };
    });
    expect(lines(md)).toEqual(['rules/product/gates.json:$.rules[0].when.and[0]["=="][0].var: unknown field "media_chanel"']);
  });

  it('vars inside map/filter/some/all/none/reduce resolve against the item schema', () => {
    const ok = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { some: [{ var: 'panelists' }, { '==': [{ var: 'stateID' }, 5] }] };
    });
    expect(lines(ok)).toEqual([]);
    const bad = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { some: [{ var: 'panelists' }, { '==': [{ var: 'stateId' }, 5] }] };
    });
    expect(lines(bad)).toEqual(['rules/product/gates.json:$.rules[0].when.some[1]["=="][0].var: unknown item field "stateId"']);
    const nowInside = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { none: [{ var: 'panelists' }, { date_gt: [{ var: 'pp_date' }, { var: '$now' }] }] };
    });
    expect(lines(nowInside)[0]).toMatch(/\$\.rules\[0\]\.when\.none\[1\]\.date_gt\[1\]\.var: "\$now" is not visible inside/);
  });

  it('accepts array-item paths, $prev, $now, option.* and doc.* where they belong', () => {
    const md = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { and: [{ '==': [{ var: 'panelists.0.stateID' }, { var: '$prev.panelists.0.stateID' }] }, { var: 'sectors.0.1.id' }, { date_lt: [{ var: 'entry_date' }, { var: '$now' }] }] };
    });
    expect(lines(md)).toEqual([]);
    const optionOutside = broken('rules/product/options.json', (c) => {
      c.rules![0].filter = { '==': [{ var: 'option.const' }, { var: 'media_channel' }] };
    });
    expect(lines(optionOutside)).toEqual(['rules/product/options.json:$.rules[0].filter["=="][1].var: an options filter reads option.* or doc.*, not "media_channel"']);
  });

  it('dangling $ref: names the schema file and the path of the $ref', () => {
    const md = broken('schemas/product/sections/main.json', (c) => {
      (c.properties!.audience as Record<string, unknown>).$ref = 'codes/audiences';
    });
    expect(lines(md)).toEqual(['schemas/product/sections/main.json:$.properties.audience.$ref: unresolved $ref "codes/audiences" (no code table or schema has that $id)']);
  });

  it('duplicate code id: names the table and the entry', () => {
    const md = broken('schemas/codes/media_channel.json', (c) => {
      c.oneOf!.push({ const: 2, title: 'Print again' });
    });
    expect(lines(md)).toEqual(['schemas/codes/media_channel.json:$.oneOf[4].const: duplicate code id 2 (also at $.oneOf[1])']);
  });

  it('missing message on a validate rule, missing source on any rule', () => {
    const md = broken('rules/product/checks.json', (c) => {
      delete c.rules![3].message;
      delete c.rules![0].source;
    });
    expect(lines(md)).toEqual([
      'rules/product/checks.json:$.rules[0]: missing "source"',
      'rules/product/checks.json:$.rules[3]: missing "message"',
    ]);
  });

  it('typos in keys, kinds and widgets are caught by the meta-schemas', () => {
    const rule = broken('rules/product/gates.json', (c) => {
      c.rules![0].kind = 'visibile';
      c.rules![1].wen = c.rules![1].when;
    });
    expect(lines(rule)).toEqual([
      'rules/product/gates.json:$.rules[0].kind: must be one of "visible", "required", "validate", "derive", "options", "readonly", "label"',
      'rules/product/gates.json:$.rules[1]: unknown key "wen"',
    ]);
    const field = broken('schemas/product/sections/main.json', (c) => {
      (c.properties!.audience as Record<string, unknown>).tittle = 'Audience';
    });
    expect(lines(field)).toEqual(['schemas/product/sections/main.json:$.properties.audience: unknown key "tittle"']);
  });

  it('duplicate rule ids, unknown targets, unknown operations, bad placeholders', () => {
    const md = broken('rules/product/checks.json', (c) => {
      c.rules![1].id = c.rules![0].id;
      c.rules![2].target = 'delivery.delivery_typo';
      c.rules![3].when = { not_empty: [{ var: 'offer_expiry_date' }] };
      c.rules![5].message = 'Comment needed for {product_coment}';
    });
    expect(lines(md)).toEqual([
      'rules/product/checks.json:$.rules[1].id: duplicate rule id "save.media_channel" (also rules/product/checks.json:$.rules[0])',
      'rules/product/checks.json:$.rules[2].target: unknown target "delivery.delivery_typo" (no block id or field path)',
      'rules/product/checks.json:$.rules[3].when: unknown operation not_empty',
      'rules/product/checks.json:$.rules[5].message: placeholder {product_coment} names no field',
    ]);
  });

  it('derived-value cycles: two rules feeding each other, or one reading its own target', () => {
    const md = miniMetadata();
    md.files['rules/product/cycle.json'] = {
      rules: [
        { id: 'a', kind: 'derive', target: 'product_name', source: 't', value: { var: 'product_comment' } },
        { id: 'b', kind: 'derive', target: 'product_comment', source: 't', value: { cat: [{ var: 'product_name' }, '!'] } },
        { id: 'c', kind: 'derive', target: 'entry_id', source: 't', value: { cat: [{ var: 'entry_id' }, 'x'] } },
        // Guarded by $prev: reacts to an edit, not a cycle.
        { id: 'd', kind: 'derive', target: 'state_province', source: 't', when: { '!=': [{ var: 'panelists' }, { var: '$prev.panelists' }] }, value: { union: [{ var: 'state_province' }, { pluck: [{ var: 'panelists' }, 'stateID'] }] } },
      ],
    };
    expect(lines(md)).toEqual([
      'rules/product/cycle.json:$.rules[0]: derived-value cycle: a -> b -> a',
      'rules/product/cycle.json:$.rules[1]: derived-value cycle: a -> b -> a',
      'rules/product/cycle.json:$.rules[2]: derived-value cycle: c -> c',
    ]);
  });

  it('reports unparsable files from the loader and block problems', () => {
    const md = miniMetadata();
    md.problems = [{ file: 'rules/product/bad.json', path: '$', message: 'not valid JSON: Unexpected token' }];
    (md.files['schemas/product/sectors/delivery_details.json'] as Json)['x-block'] = {
      id: 'delivery_details', path: 'delivery', parent: 'delivry', fields: ['postage', 'postag'], source: '002 §3',
    };
    expect(lines(md)).toEqual([
      'rules/product/bad.json:$: not valid JSON: Unexpected token',
      'schemas/product/sectors/delivery_details.json:$["x-block"].parent: unknown parent block "delivry"',
      'schemas/product/sectors/delivery_details.json:$["x-block"].fields[1]: unknown field "postag"',
    ]);
  });

  it('unknown code: a literal compared with a coded field must be in its code table', () => {
    // The audience table has 1, 2 and 5: an Audience rule listing 3 is a typo the engine would never match.
    const audience = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 3]] }] };
    });
    expect(lines(audience)).toEqual(['rules/product/gates.json:$.rules[0].when.and[1].in[1][1]: 3 is not a code of Audience (codes/audience)']);
    const equal = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { '==': [9, { var: 'media_channel' }] };
    });
    expect(lines(equal)).toEqual(['rules/product/gates.json:$.rules[0].when["=="][0]: 9 is not a code of Media channel (codes/media_channel)']);
    // Lists of codes, item fields inside some/all, option.const in a filter, sector chains.
    const more = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { or: [{ in: [77, { var: 'state_province' }] }, { some: [{ var: 'panelists' }, { '==': [{ var: 'gender' }, 'Q'] }] }] };
      c.rules![2].when = { chain_any: [{ var: 'sectors' }, [266, 999], 1] };
    });
    expect(lines(more)).toEqual([
      'rules/product/gates.json:$.rules[0].when.or[0].in[0]: 77 is not a code of State (codes/state)',
      'rules/product/gates.json:$.rules[0].when.or[1].some[1]["=="][1]: "Q" is not a code of Gender (codes/gender)',
      'rules/product/gates.json:$.rules[2].when.chain_any[1][1]: 999 is not a code of Sectors (codes/sectors)',
    ]);
    // A table may name values stored data holds that are not codes (state 0: no state), for clean-up rules.
    const stray = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { in: [0, { var: 'state_province' }] };
    });
    expect(lines(stray)).toEqual([]);
  });

  it('codes named by key: a key resolves to its code, an unknown key fails with its place', () => {
    const keyed = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { and: [{ '==': [{ var: 'media_channel' }, 'direct_mail'] }, { in: [{ var: 'audience' }, ['consumer', 2]] }] };
      c.rules![2].when = { chain_any: [{ var: 'sectors' }, ['retail', 559], 1] };
    });
    expect(lines(keyed)).toEqual([]);
    const unknown = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { '==': [{ var: 'media_channel' }, 'direct_mial'] };
      c.rules![2].when = { chain_any: [{ var: 'sectors' }, ['retial'], 1] };
    });
    expect(lines(unknown)).toEqual([
      'rules/product/gates.json:$.rules[0].when["=="][1]: "direct_mial" is not a code or key of Media channel (codes/media_channel)',
      'rules/product/gates.json:$.rules[2].when.chain_any[1][0]: "retial" is not a code or key of Sectors (codes/sectors)',
    ]);
  });

  it('gates: shared conditions of a rule file; unknown and unused gates and problems inside one name the gate', () => {
    const gated = broken('rules/product/gates.json', (c) => {
      c.gates = { direct_mail: { '==': [{ var: 'media_channel' }, 1] } };
      c.rules![0].when = { and: [{ gate: 'direct_mail' }, { in: [{ var: 'audience' }, [1, 2, 5]] }] };
      c.rules![2].when = { and: [{ gate: 'direct_mail' }, { chain_any: [{ var: 'sectors' }, [266], 1] }] };
    });
    expect(lines(gated)).toEqual([]);
    const bad = broken('rules/product/gates.json', (c) => {
      c.gates = { direct_mail: { '==': [{ var: 'media_chanel' }, 1] }, spare: { '==': [{ var: 'audience' }, 1] } };
      c.rules![0].when = { and: [{ gate: 'direct_mail' }, { in: [{ var: 'audience' }, [1, 2, 5]] }] };
      c.rules![2].when = { and: [{ gate: 'direct_mail' }, { gate: 'retail' }] };
    });
    expect(lines(bad)).toEqual([
      'rules/product/gates.json:$.gates.direct_mail["=="][0].var: unknown field "media_chanel"',
      'rules/product/gates.json:$.rules[2].when.and[1]: unknown gate "retail" (no such name under "gates" in this file)',
      'rules/product/gates.json:$.gates.spare: gate "spare" is used by no rule',
    ]);
  });

  it('constant condition: a condition or an and/or operand that reads no field', () => {
    const md = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { '==': [1, 1] };
      c.rules![1].when = { and: [{ in: [{ var: 'delivery.delivery_method' }, [1, 3, 7]] }, false] };
    });
    expect(lines(md)).toEqual([
      'rules/product/gates.json:$.rules[0].when: constant condition: always true (it reads no field)',
      'rules/product/gates.json:$.rules[1].when.and[1]: constant condition: always false (it reads no field)',
    ]);
  });

  it('contradictory condition: comparisons of one field in an and that cannot all hold', () => {
    const md = broken('rules/product/gates.json', (c) => {
      c.rules![0].when = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { and: [{ '==': [{ var: 'media_channel' }, 2] }] }] };
      c.rules![1].when = { and: [{ in: [{ var: 'delivery.delivery_method' }, [1, 3]] }, { '!=': [{ var: 'delivery.delivery_method' }, 1] }, { '!=': [{ var: 'delivery.delivery_method' }, 3] }] };
    });
    expect(lines(md)).toEqual([
      'rules/product/gates.json:$.rules[0].when: "media_channel" cannot be == 1 and == 2 at once: the condition is never true',
      'rules/product/gates.json:$.rules[1].when: "delivery.delivery_method" cannot be in [1,3] and != 1 and != 3 at once: the condition is never true',
    ]);
  });

  it('missing placeholder: every {name} in a message names a field', () => {
    const md = broken('rules/product/checks.json', (c) => {
      c.rules![3].message = 'Offer Expiry date {offer_expiry_date} cannot be older than Entry Date {entry_dat}';
    });
    expect(lines(md)).toEqual(['rules/product/checks.json:$.rules[3].message: placeholder {entry_dat} names no field']);
  });

  it('unknown widget and loader annotations that name no field', () => {
    const md = broken('schemas/product/sectors/delivery.json', (c) => {
      (c.properties!.delivery_method as Record<string, unknown>)['x-ui'] = { widget: 'dropdown' };
      c['x-loader'] = { path: 'deliveryMethod/{id}', each: 'delivery_methd', item: { method: '{delivery_method}', postage: '{delivery.postag}' } };
    });
    const out = lines(md);
    expect(out[0]).toMatch(/^schemas\/product\/sectors\/delivery\.json:\$\.properties\.delivery_method\["x-ui"\]\.widget: must be one of "text", "textarea", /);
    expect(out.slice(1)).toEqual([
      'schemas/product/sectors/delivery.json:$["x-loader"].each: loader list "delivery_methd" names no field',
      'schemas/product/sectors/delivery.json:$["x-loader"].item.postage: loader placeholder {delivery.postag} names no field',
    ]);
  });

  it('layout rows: every key a field of the block, each in one row', () => {
    const md = broken('schemas/product/sectors/advertiser.json', (c) => {
      (c['x-block'] as Record<string, unknown>).rows = [[['advertiser_city', 'advertiser_zipcode'], ['advertiser_cty']], [['advertiser_zipcode']]];
    });
    expect(lines(md)).toEqual([
      'schemas/product/sectors/advertiser.json:$["x-block"].rows[0][1][0]: row field "advertiser_cty" is not a field of block advertiser',
      'schemas/product/sectors/advertiser.json:$["x-block"].rows[1][0][0]: row field "advertiser_zipcode" is in more than one row',
    ]);
  });

  it('field widths: a numeric x-ui.width counts grid columns, so one past the block\'s columns is refused', () => {
    const md = broken('schemas/product/sectors/advertiser.json', (c) => {
      (c.properties!.advertiser_city as Record<string, unknown>)['x-ui'] = { widget: 'text', width: 420 };
      (c.properties!.advertiser_zipcode as Record<string, unknown>)['x-ui'] = { widget: 'text', width: 5 };
    });
    expect(lines(md)).toEqual([
      'schemas/product/sectors/advertiser.json:$.properties.advertiser_city["x-ui"].width: width 420 is more than the block\'s 4 grid columns (5 on a wide screen; a width counts columns, "full" is the whole row)',
    ]);
  });

  it('ignores files of other features (schemas/admin), and checks the dashboards (issue 10)', () => {
    const md = miniMetadata();
    md.files['schemas/admin/user.json'] = { whatever: true };
    expect(lines(md)).toEqual([]);
    md.files['schemas/dashboards/search.json'] = { $id: 'dashboards/search', title: 'Search', 'x-source': '000 §2', properties: { query: {}, by_id: {} } };
    md.files['rules/dashboards/search.json'] = {
      onToggle: [{ id: 't', field: 'by_idd', when: { var: 'next.by_id' }, set: { query: '' }, source: 's' }],
      clearQuery: { id: 'q', fields: [], when: { nope: [1] }, source: 's' },
      checks: [{ id: 'c', on: 'search', when: { var: 'panelist' }, message: 'm', source: 's' }],
    };
    const found = lines(md).join('\n');
    expect(found).toContain('rules/dashboards/search.json:$.onToggle[0].field: unknown search field "by_idd"');
    expect(found).toContain('rules/dashboards/search.json:$.checks[0].when: var "panelist" is not a search field');
    expect(found).toMatch(/rules\/dashboards\/search\.json:\$\.clearQuery\.when: .*nope/);
    md.files['rules/dashboards/search.json'] = { onToggle: [], clearQuery: { id: 'q', fields: [], when: false, source: 's' }, checks: [], extra: 1 };
    expect(lines(md).join('\n')).toContain('rules/dashboards/search.json:$: unknown key "extra"');
  });
});

describe('lintMetadata: forms in their own folders (schemas/<area>, rules/<area>)', () => {
  const project = () => loadMetadataFromDir(projectRoot);
  const forward = (md: Metadata) => md.files['rules/forward/forward.json'] as Json;

  it('the project metadata, the forward editor included, is clean', () => {
    const md = project();
    expect(formAreas(md)).toEqual(['forward']);
    expect(lines(md)).toEqual([]);
  });

  it('an unknown var in rules/forward is reported against that file', () => {
    const md = project();
    const rules = structuredClone(forward(md));
    rules.rules![0].valid = { matches: [{ var: 'forward_too' }, '@'] };
    md.files['rules/forward/forward.json'] = rules;
    expect(lines(md)).toEqual(['rules/forward/forward.json:$.rules[0].valid.matches[0].var: unknown field "forward_too"']);
  });

  it('a rule file of rules/forward is checked against the rule meta-schema, and targets must exist', () => {
    const md = project();
    const rules = structuredClone(forward(md));
    (rules as Record<string, unknown>).note = 'x';
    rules.rules![2].target = 'subject';
    md.files['rules/forward/forward.json'] = rules;
    expect(lines(md)).toEqual(expect.arrayContaining(['rules/forward/forward.json:$: unknown key "note"']));
    const targets = structuredClone(forward(project()));
    targets.rules![2].target = 'subject';
    const md2 = project();
    md2.files['rules/forward/forward.json'] = targets;
    expect(lines(md2).join('\n')).toMatch(/^rules\/forward\/forward\.json:\$\.rules\[2\]\.target: .*subject/m);
  });

  it('a block of schemas/forward is checked against the block meta-schema', () => {
    const md = project();
    const block = structuredClone(md.files['schemas/forward/forward.json']) as Json;
    (block['x-block'] as Record<string, unknown>).hidden = 'drop';
    md.files['schemas/forward/forward.json'] = block;
    expect(lines(md).join('\n')).toMatch(/^schemas\/forward\/forward\.json:\$\["x-block"\]\.hidden: /m);
  });
});

describe('lintMetadata: a sector added to codes/sectors alone', () => {
  // The README's "A sector" steps: the editor offered the new sector, then refused every chain with
  // "Please select Sector and Category!" (its Category list was empty). Lint names what is missing.
  it('is reported until a category names it in x-parent', () => {
    const md = loadMetadataFromDir(projectRoot);
    const sectors = structuredClone(md.files['schemas/codes/sectors.json']) as Json;
    sectors.oneOf!.push({ const: 9001, title: 'Pet Care', 'x-key': 'pet_care' });
    md.files['schemas/codes/sectors.json'] = sectors;
    expect(lines(md)).toEqual([
      `schemas/codes/sectors.json:$.oneOf[${sectors.oneOf!.length - 1}]: Pet Care (9001) has no entry in Category / sub-category (codes/categories) with "x-parent": 9001: a chain cannot start with it (it needs a category)`,
    ]);
    const categories = structuredClone(md.files['schemas/codes/categories.json']) as Json;
    categories.oneOf!.push({ const: 9002, title: 'Pet Insurance', 'x-key': 'pet_insurance', 'x-parent': 9001 });
    md.files['schemas/codes/categories.json'] = categories;
    expect(lines(md)).toEqual([]);
  });
});
