import { openProfiledEditor } from './openProfiledEditor';
const ed = await openProfiledEditor({ dist: process.env.DIST });
const { page } = ed;
try {
  await page.waitForSelector('section[data-block="delivery"]');
  const r = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const sel = document.getElementById('media_channel') as HTMLSelectElement;
    const opts = [...sel.options].map((o) => [o.value, o.text.trim()]);
    const email = opts.find((o) => o[1] === 'Email')![0]!;
    const dm = opts.find((o) => o[1] === 'Direct Mail')![0]!;
    const rows: string[] = [];
    const run = async (label: string) => {
      const js: number[] = [], lay: number[] = [];
      for (let i = 0; i < 6; i++) {
        await frame(); await frame();
        const t0 = performance.now();
        sel.value = i % 2 === 0 ? email : dm;
        sel.dispatchEvent(new Event('change', { bubbles: true }));
        const t1 = performance.now();
        void document.body.offsetHeight;
        const t2 = performance.now();
        js.push(t1 - t0); lay.push(t2 - t1);
      }
      rows.push(`${label}: js ${js.map((x) => x.toFixed(1)).join(' ')} | layout ${lay.map((x) => x.toFixed(1)).join(' ')}`);
    };
    await run('base');
    const secs = [...document.querySelectorAll<HTMLElement>('section[data-block]')];
    rows.push(secs.map((s) => `${s.dataset.block}:${Math.round(s.getBoundingClientRect().height)}`).join(' '));
    rows.push('scrollHeight ' + document.documentElement.scrollHeight);
    for (const s of secs) s.style.contain = 'layout';
    await run('contain layout on sections');
    for (const s of secs) s.style.contain = '';
    for (const s of secs) {
      if (s.dataset.block === 'delivery') continue;
      s.style.contentVisibility = 'hidden';
      await run('hidden ' + s.dataset.block);
      s.style.contentVisibility = '';
    }
    const nav = document.querySelector<HTMLElement>('.portal-section-nav')!;
    nav.style.display = 'none';
    await run('no nav');
    nav.style.display = '';
    const body = document.querySelector<HTMLElement>('.portal-product-body')!;
    rows.push('product-body children: ' + [...body.children].map((c) => `${c.tagName}.${c.className}`).join(', ') + ' / grid ' + getComputedStyle(body).gridTemplateColumns + ' rows ' + getComputedStyle(body).gridTemplateRows);
    rows.push('selects: ' + [...document.querySelectorAll('select')].map((s) => `${s.id}:${s.options.length}`).filter((x) => +x.split(':')[1]! > 30).join(' '));
    rows.push('elements by tag: ' + Object.entries([...document.querySelectorAll('*')].reduce((a, e) => ((a[e.tagName] = (a[e.tagName] ?? 0) + 1), a), {} as Record<string, number>)).sort((a, b) => b[1] - a[1]).slice(0, 12).map((x) => x.join(':')).join(' '));
    return rows.join('\n');
  });
  console.log(r);
} finally { await ed.close(); }
