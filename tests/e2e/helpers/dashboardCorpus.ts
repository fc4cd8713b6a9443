import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { copySeededDataDir } from '../../server/helpers/startServer';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../../src/server/db/openDb';
import { importPaths } from '../../../src/server/import/index';

/** A loopback HTTP server that records every request: proof that nothing remote was loaded. */
export interface Canary {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  const hits: string[] = [];
  const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/gif', 'access-control-allow-origin': '*' });
    res.end(gif);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

const rfcDate = (d: Date) => d.toUTCString().replace('GMT', '+0000');

function eml(o: { id: string; from: string; to: string; subject: string; date: Date; html?: string; text?: string }): string {
  const head = [`From: ${o.from}`, `To: ${o.to}`, `Subject: ${o.subject}`, `Date: ${rfcDate(o.date)}`, `Message-ID: <${o.id}@fixture.test>`, 'MIME-Version: 1.0'];
  if (o.html) return [...head, 'Content-Type: text/html; charset=utf-8', '', o.html, ''].join('\r\n');
  return [...head, 'Content-Type: text/plain; charset=utf-8', '', o.text ?? '', ''].join('\r\n');
}

/** The hostile email: script, event handlers, SVG, javascript: links and remote images pointing at the canary. */
export function hostileHtml(canary: string): string {
  return `<html><head><style>h1{color:#b00}</style>
<script>fetch('${canary}/script-ran-head')</script>
<link rel="stylesheet" href="${canary}/remote.css"></head>
<body onload="alert('onload');fetch('${canary}/onload')">
<h1>Hostile canary email</h1>
<script>alert('script');fetch('${canary}/script-ran')</script>
<img src="${canary}/pixel.gif" alt="remote pixel" onerror="alert('onerror');fetch('${canary}/onerror')">
<img src="x" onerror="alert('onerror2');fetch('${canary}/onerror2')">
<div style="background-image:url('${canary}/bg.gif');width:10px;height:10px"></div>
<svg width="10" height="10" onload="alert('svg');fetch('${canary}/svg-onload')"><image href="${canary}/svg-image.gif" width="10" height="10"/><script>fetch('${canary}/svg-script')</script></svg>
<a href="javascript:alert('js-link')">javascript link</a>
<a href="https://shop.example/deal">Shop the deal</a>
<iframe src="${canary}/iframe"></iframe>
<form action="${canary}/form"><input name="q" autofocus onfocus="fetch('${canary}/onfocus')"></form>
</body></html>`;
}

export interface Corpus {
  dataDir: string;
  /** Subjects of the fixture emails (newest first in Focus). */
  subjects: { hostile: string; duplicate: string; sale: string; bulk: string };
}

/**
 * A data directory with the demo data as a first start leaves it (seeded template `demo`: 300
 * SpamAssassin messages imported as the demo inbox), then the fixture emails (hostile HTML, three
 * duplicates, recent sale emails, two emails for the bulk status case) imported through the import
 * pipeline, one sale email set Used and one Copy. Admin's password is e2eAdminPassword.
 */
export async function prepareDashboardCorpus(canaryUrl: string): Promise<Corpus> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-dash-e2e-'));
  copySeededDataDir('demo', dataDir);
  const emlDir = join(dataDir, 'fixtures');
  mkdirSync(emlDir);
  const now = Date.now();
  const hour = 3_600_000;
  const subjects = { hostile: 'Hostile canary email', duplicate: 'Duplicate offer for you', sale: 'Fixture sale', bulk: 'Bulk status fixture' };
  writeFileSync(join(emlDir, 'hostile.eml'), eml({ id: 'hostile', from: 'Evil Sender <evil@attacker.example>', to: 'panel1@panel.example', subject: subjects.hostile, date: new Date(now - 1 * hour), html: hostileHtml(canaryUrl) }));
  const dupBody = `<p>This exact offer body is repeated word for word in several messages, which makes them duplicates of each other for the deduplicates screen.</p><p>Save 20% on everything in store this weekend only with the code DUPLICATE20 at checkout.</p>`;
  for (const [i, h] of [3, 4, 5].entries()) {
    writeFileSync(join(emlDir, `dup-${i}.eml`), eml({ id: `dup-${i}`, from: 'Deals Team <deals@dupes.example>', to: `panel${i}@panel.example`, subject: subjects.duplicate, date: new Date(now - h * hour), html: dupBody }));
  }
  for (let i = 1; i <= 12; i++) {
    writeFileSync(
      join(emlDir, `sale-${i}.eml`),
      eml({ id: `sale-${i}`, from: `Shop ${i} <news${i}@shopmart.example>`, to: `panel${i}@panel.example`, subject: `${subjects.sale} ${i}`, date: new Date(now - (10 + i) * hour), text: `Fixture sale number ${i}: big discounts.` }),
    );
  }
  for (let i = 1; i <= 2; i++) {
    writeFileSync(
      join(emlDir, `bulk-${i}.eml`),
      eml({ id: `bulk-${i}`, from: `Outlet ${i} <offers${i}@bulkmart.example>`, to: `panel${i}@panel.example`, subject: `${subjects.bulk} ${i}`, date: new Date(now - (30 + i) * hour), text: `Bulk fixture number ${i}.` }),
    );
  }
  const db = await openDb({ dataDir });
  try {
    await importPaths(db, [emlDir], { panelists: 'hash', source: 'e2e fixtures' });
    // The corpus is 2002 mail: spread it over the last three weeks, inside the dashboards' default
    // range (the last 30 days up to the newest email, 000 §9), behind the fixtures.
    await db.query(`update emails set email_date = now() - interval '1 day' - (muid % 480) * interval '1 hour' where email_date < now() - interval '30 days'`);
    // One Used and one Copy email among the fixtures (status set outside the dropdown, as products do).
    await db.query(`update emails set deleted = 2 where email_subject = $1`, [`${subjects.sale} 11`]);
    await db.query(`update emails set deleted = 4 where email_subject = $1`, [`${subjects.sale} 12`]);
    // The product the Assign Copies test assigns to.
    await db.query(`insert into products (entry_id, document) values ('2024-05-01-9', '{}')`);
  } finally {
    await db.close();
  }
  return { dataDir, subjects };
}
