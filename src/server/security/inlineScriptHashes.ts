import { createHash } from 'node:crypto';

/** A classic inline script: a <script> without src (type absent or a JavaScript type). */
const inlineScript = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP sources (`'sha256-…'`) that allow the inline scripts of a page, e.g. index.html's
 * first requests (codegen/firstRequestsPlugin.ts): the hash of each script's exact text, so that
 * script runs and no other inline script does.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(inlineScript)) {
    if (/\ssrc=/i.test(attributes) || /\stype="(?!text\/javascript")/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}
