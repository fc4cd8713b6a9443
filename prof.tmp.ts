import PostalMime from 'postal-mime';
import { demoCorpusFiles } from './src/server/import/importDemoCorpus';
import { defaultImportLimits } from './src/server/import/ImportLimits';
import { readFileSources } from './src/server/import/readSources';
import { emailFeatures, type EmailText } from './src/server/predictions/emailFeatures';
import { htmlToText } from './src/server/import/htmlToText';
const emails: Array<EmailText> = [];
outer: for (const f of demoCorpusFiles()) {
  for (const s of readFileSources(f, defaultImportLimits)) {
    if (emails.length >= 3000) break outer;
    if (!('raw' in s)) continue;
    try { const m = await PostalMime.parse(s.raw); emails.push({ email_subject: m.subject ?? '', email_from_one: m.from?.address ?? '', email_from_name: m.from?.name ?? '', text_body: m.text ?? null, html_body: m.html ?? null }); } catch {}
  }
}
const q = (xs: number[], p: number) => [...xs].sort((a,b)=>a-b)[Math.floor(p*xs.length)];
for (let round = 0; round < 2; round++) {
const times: Array<[number, number, number, number]> = [];
for (const e of emails) {
  const t0 = performance.now(); emailFeatures(e); const t1 = performance.now();
  let h = 0; if (e.html_body) { const a = performance.now(); htmlToText(e.html_body.slice(0,60000)); h = performance.now()-a; }
  times.push([t1-t0, h, (e.text_body??'').length, (e.html_body??'').length]);
}
console.log('features p50', q(times.map(t=>t[0]),0.5).toFixed(3), 'p95', q(times.map(t=>t[0]),0.95).toFixed(3), 'html p95', q(times.map(t=>t[1]),0.95).toFixed(3));
const slow = [...times].sort((a,b)=>b[0]-a[0]).slice(0,8); console.log(slow.map(t=>t.map(x=>x.toFixed(1)).join(' ')));
}
