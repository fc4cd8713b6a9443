import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/app/routes';
import { resolveShellHandle } from '../../../src/ui/shell/shellRouteHandle';

/** The deepest matched route id and the frame options for a path. */
function resolve(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const deepest = matches[matches.length - 1];
  return { id: deepest?.route.id, ...resolveShellHandle(matches.map((m) => ({ handle: m.route.handle }))) };
}

describe('routes (000 §2, 001 §2)', () => {
  it.each([
    ['/', 'home'],
    ['/producer', 'producer'],
    ['/consumer', 'consumer'],
    ['/mortgage', 'mortgage'],
    ['/provider', 'provider'],
    ['/spacy', 'spacy'],
    ['/email/77', 'email'],
    ['/spaceyemail/77', 'spaceyemail'],
    ['/emailEditor/77', 'emailEditor'],
    ['/peek/77', 'peek'],
    ['/visualize/77', 'visualize'],
    ['/company/77', 'company'],
    ['/companynew/77', 'companynew'],
    ['/companynew1/77', 'companynew1'],
    ['/emailbodypopup/77/2024-05-01', 'emailbodypopup'],
    ['/deduplicates', 'deduplicates'],
    ['/addproduct', 'addproduct'],
    ['/addproduct/v2', 'addproduct-v2'],
    ['/addproduct/v2/77', 'addproduct-v2'],
    ['/product', 'product'],
    ['/product/77', 'product'],
    ['/product/v2', 'product-v2'],
    ['/product/v2/77', 'product-v2'],
    ['/viewproduct/77', 'viewproduct'],
    ['/managepdf/5', 'managepdf'],
    ['/mobilepreview/5', 'mobilepreview'],
    ['/signin', 'signin'],
    ['/errorpage', 'errorpage'],
    ['/nothing/here', 'not-found'],
  ])('%s is the %s route', (path, id) => {
    expect(resolve(path).id).toBe(id);
  });

  it('hides the common header on the routes named product, emailbodypopup and managepdf', () => {
    for (const path of ['/product', '/product/77', '/emailbodypopup/77/2024-05-01', '/managepdf/5']) {
      expect(resolve(path).hideHeader, path).toBe(true);
    }
  });

  it('keeps the header on the dashboards and the email screens', () => {
    for (const path of ['/', '/producer', '/spacy', '/deduplicates', '/email/77', '/emailEditor/77', '/addproduct', '/nothing/here']) {
      expect(resolve(path).hideHeader, path).toBe(false);
    }
  });

  it('shows the render time only on the home dashboard (000 §1)', () => {
    expect(resolve('/').showRenderTime).toBe(true);
    expect(resolve('/producer').showRenderTime).toBe(false);
    expect(resolve('/spacy').showRenderTime).toBe(false);
  });
});
