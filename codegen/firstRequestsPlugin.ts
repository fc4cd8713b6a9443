import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * Puts src/app/firstRequests.ts into index.html's <head> as an inline script (issue 31 item 7:
 * first load): the first screen's requests leave when the parser reaches it, before any module
 * arrived or ran. The server allows it by its hash (src/server/security/inlineScriptHashes.ts).
 * The script and the metadata's list parameters are loaded through tsx, not bundled into the
 * Vite config.
 */
export function firstRequests(root: string): Plugin {
  return {
    name: 'portal-first-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const { firstRequestsScript } = (await tsImport('./firstRequestsScript.ts', import.meta.url)) as typeof import('./firstRequestsScript');
        const code = await firstRequestsScript(root);
        if (!html.includes('</title>')) throw new Error('firstRequests: index.html has no </title>');
        return html.replace('</title>', `</title>\n    <script>${code}</script>`);
      },
    },
  };
}
