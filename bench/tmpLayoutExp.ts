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
    const style = document.createElement('style');
    document.head.append(style);
    const variants: Record<string, string> = {
      base: '',
      base2: '',
      textInputNoContain: '.portal-text-input { contain: none !important }',
      selectFixed: 'select { width: 200px !important; min-width: 0 !important }',
      noSvg: 'svg { display: none !important }',
      noTransformSections: '.portal-metadata-form-edit > .portal-block { transform: none !important }',
    };
    const res: Record<string, { js: number[]; layout: number[] }> = {};
    let flip = 0;
    for (let cycle = 0; cycle < 6; cycle++) {
      for (const [name, css] of Object.entries(variants)) {
        style.textContent = css;
        await frame(); await frame();
        const r = (res[name] ??= { js: [], layout: [] });
        for (let i = 0; i < 2; i++) {
          await frame();
          const t0 = performance.now();
          sel.value = flip++ % 2 === 0 ? email : dm;
          sel.dispatchEvent(new Event('change', { bubbles: true }));
          const t1 = performance.now();
          void document.body.offsetHeight;
          const t2 = performance.now();
          r.js.push(t1 - t0); r.layout.push(t2 - t1);
        }
      }
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    return Object.entries(res).map(([n, r]) => `${n.padEnd(20)} js ${med(r.js)}  layout ${med(r.layout)}   [${r.layout.map((x) => x.toFixed(0)).join(' ')}]`).join('\n');
  });
  console.log(r);
} finally { await ed.close(); }
