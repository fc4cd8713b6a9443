import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../src/server/security/inlineScriptHashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes (CSP for index.html\'s first requests)', () => {
  it('hashes each classic inline script\'s exact text, not scripts with src, modules or data blocks', () => {
    const first = '"use strict";(()=>{fetch("/api/metadata")})();';
    const html = [
      '<head><title>Content Portal</title>',
      `<script>${first}</script>`,
      '<script type="module" async crossorigin src="/assets/boot.js"></script>',
      '<script type="application/json">{"a":1}</script>',
      '<script type="module">import "/x.js";</script>',
      '<script type="text/javascript">\n  let é = 1;\n</script>',
      `<script>${first}</script>`,
      '</head>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha(first), sha('\n  let é = 1;\n')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script type="module" src="/a.js"></script><style>p{}</style>')).toEqual([]);
  });
});
