/**
 * By-hand tool: the CPU the browser suite's Chromium spends per page cycle under extra command-line
 * flags, interleaved against its own flags (the browser suite's budget: docs/decisions/test-suites.md).
 *
 *   npx tsx bench/chromiumFlagsCpu.ts [--rounds 4] [--cycles 4] [--url http://127.0.0.1:PORT] \
 *     'name=--flag --flag2' ['name2=--disable-features+=Foo,Bar' ...]
 *
 * `--disable-features+=X` adds X to the suite's own --disable-features (Chromium reads only the last
 * one). Each round launches one Chromium per variant, in turn (the order alternates), and runs the
 * cycles: a new context, sign-in through the page on /product?product_id=…, the editor drawn, then the
 * dashboard drawn, context closed. The figure is the CPU of the Chromium's whole process tree
 * (utime + stime + children reaped, from /proc), so a renderer that ended is counted by the zygote
 * that reaped it. Without --url it starts a portal on fresh demo data (no emails).
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../tests/e2e/helpers/browser';
import { processTreeCpu as treeCpu } from '../tests/helpers/processTreeCpu';
import { startServer } from '../tests/server/helpers/startServer';
import { adminPassword, pickProduct, signInToken } from './editorInteractions';
import { toolArgs } from './openProfiledEditor';

function argsOf(variant: string): string[] {
  const extra = variant.split(' ').filter(Boolean);
  const added = extra.filter((a) => a.startsWith('--disable-features+=')).map((a) => a.slice('--disable-features+='.length));
  return [...chromiumArgs.map((a) => (a.startsWith('--disable-features=') && added.length ? `${a},${added.join(',')}` : a)), ...extra.filter((a) => !a.startsWith('--disable-features+='))];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const args = toolArgs();
  const rounds = Number(args.flag('--rounds') ?? 4);
  const cycles = Number(args.flag('--cycles') ?? 4);
  const givenUrl = args.flag('--url');
  const variants: Array<[string, string]> = [['suite', ''], ...args.argv.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] as [string, string])];
  const server = givenUrl ? undefined : await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '0', DEMO_PDFS: '0' }, timeoutMs: 600_000 });
  const url = givenUrl ?? server!.url;
  const productId = await pickProduct({ url } as never, await signInToken({ url } as never));
  const results = new Map<string, number[]>(variants.map(([n]) => [n, []]));
  try {
    for (let r = 0; r < rounds; r++) {
      for (const [name, flags] of r % 2 ? [...variants].reverse() : variants) {
        const launched = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: argsOf(flags) });
        const browser = await chromium.connect(launched.wsEndpoint());
        const pid = launched.process().pid!;
        const before = treeCpu(pid);
        for (let c = 0; c < cycles; c++) {
          const context = await browser.newContext({ reducedMotion: 'reduce' });
          const page = await context.newPage();
          await page.setViewportSize({ width: 1440, height: 900 });
          await page.goto(`${url}/product?product_id=${productId}`);
          await page.waitForURL(`${url}/signin`);
          await page.getByLabel('Username').fill('admin');
          await page.getByLabel('Password').fill(adminPassword);
          await page.getByRole('button', { name: 'Sign In' }).click();
          await page.locator('section[data-block="delivery"]').waitFor({ timeout: 60_000 });
          await page.goto(`${url}/`);
          await page.getByRole('heading', { name: 'Focus dashboard' }).waitFor({ timeout: 60_000 });
          await context.close();
        }
        const spent = treeCpu(pid) - before;
        await browser.close();
        await launched.close();
        results.get(name)!.push(spent / cycles);
        console.log(`round ${r + 1} ${name}: ${(spent / cycles).toFixed(2)} CPU-s per cycle`);
      }
    }
  } finally {
    await server?.stop();
  }
  const base = median(results.get('suite')!);
  for (const [name, xs] of results) console.log(`${name}: median ${median(xs).toFixed(2)} CPU-s per cycle (${xs.map((x) => x.toFixed(2)).join(' ')}), ${(median(xs) / base).toFixed(3)} of the suite's flags`);
}

await main();
