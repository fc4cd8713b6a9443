import * as csstree from 'css-tree';
import { cidOf, embeddedImage } from './safeUrl';

/**
 * CSS functions that compute a value and load nothing. Anything else (url and its escaped
 * spellings such as `u\72l(`, image-set, image, cross-fade, element, expression, paint, src, env,
 * attr, ...) takes its declaration with it.
 */
const safeFunctions = new Set([
  'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix', 'light-dark',
  'calc', 'min', 'max', 'clamp', 'var', 'round', 'mod', 'rem', 'abs', 'sign',
  'linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient', 'repeating-radial-gradient', 'repeating-conic-gradient',
  '-webkit-linear-gradient', '-webkit-radial-gradient', '-moz-linear-gradient', '-moz-radial-gradient',
  'matrix', 'matrix3d', 'translate', 'translatex', 'translatey', 'translate3d', 'scale', 'scalex', 'scaley', 'scale3d',
  'rotate', 'rotatex', 'rotatey', 'rotatez', 'rotate3d', 'skew', 'skewx', 'skewy', 'perspective',
  'blur', 'brightness', 'contrast', 'drop-shadow', 'grayscale', 'hue-rotate', 'invert', 'opacity', 'saturate', 'sepia',
  'cubic-bezier', 'steps', 'minmax', 'repeat', 'fit-content', 'counter', 'counters', 'local', 'format', 'rect', 'inset', 'circle', 'ellipse', 'polygon',
]);

/** At-rules kept (their contents checked like the rest); @import, @namespace and unknown ones go. */
const safeAtRules = new Set(['media', 'supports', 'font-face', 'keyframes', '-webkit-keyframes', 'page', 'container', 'layer']);

const lower = (name: string) => csstree.ident.decode(name).toLowerCase();

/**
 * Checks one declaration's (or prelude's) nodes: false when something could load or was not
 * understood. `url()` stays only as an embedded image (data:image/...) or a `cid:` the email's
 * own parts resolve (rewritten to that part).
 */
function safeNodes(node: csstree.CssNode, cids: ReadonlyMap<string, string>): boolean {
  let ok = true;
  csstree.walk(node, (n) => {
    if (!ok) return;
    if (n.type === 'Raw') ok = false;
    else if (n.type === 'Function' && !safeFunctions.has(lower(n.name))) ok = false;
    else if (n.type === 'Url') {
      const cid = cidOf(n.value);
      const resolved = cid !== null ? cids.get(cid) : embeddedImage(n.value);
      if (resolved) n.value = resolved;
      else ok = false;
    }
  });
  return ok;
}

function cleanBlock(block: csstree.Block | csstree.DeclarationList, cids: ReadonlyMap<string, string>): void {
  block.children.forEach((child, item, list) => {
    if (child.type === 'Declaration') {
      // Custom properties are dropped: a var() elsewhere could otherwise carry their value.
      if (child.property.startsWith('--') || !safeNodes(child, cids)) list.remove(item);
    } else if (child.type === 'Rule' || child.type === 'Atrule') {
      if (!cleanRule(child, cids)) list.remove(item);
    } else list.remove(item);
  });
}

/** Cleans a rule or at-rule in place; false when it must go whole. */
function cleanRule(node: csstree.CssNode, cids: ReadonlyMap<string, string>): boolean {
  if (node.type === 'Rule') {
    if (!safeNodes(node.prelude, cids)) return false;
    cleanBlock(node.block, cids);
    return true;
  }
  if (node.type === 'Atrule') {
    if (!safeAtRules.has(lower(node.name))) return false;
    if (node.prelude && !safeNodes(node.prelude, cids)) return false;
    if (node.block) cleanBlock(node.block, cids);
    return true;
  }
  return false;
}

/**
 * A style sheet (a `<style>` element's text) with nothing that loads: parsed by css-tree, every
 * rule, at-rule and declaration kept only when its functions are on the safe list and each url()
 * is an embedded image (or a resolved `cid:`); @import and unknown at-rules, unparsable parts and
 * custom properties dropped; then written back by css-tree's generator.
 */
export function cleanStyleSheet(css: string, cids: ReadonlyMap<string, string> = new Map()): string {
  const ast = csstree.parse(css, { context: 'stylesheet', parseCustomProperty: false, onParseError: () => undefined });
  if (ast.type !== 'StyleSheet') return '';
  ast.children.forEach((child, item, list) => {
    if (!cleanRule(child, cids)) list.remove(item);
  });
  return csstree.generate(ast);
}

/** A style attribute's declarations, cleaned the same way. */
export function cleanStyleAttribute(css: string, cids: ReadonlyMap<string, string> = new Map()): string {
  const ast = csstree.parse(css, { context: 'declarationList', parseCustomProperty: false, onParseError: () => undefined });
  if (ast.type !== 'DeclarationList') return '';
  cleanBlock(ast, cids);
  return csstree.generate(ast);
}
