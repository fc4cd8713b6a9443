import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { productEditorPath } from '../../../src/app/product/loadProductEditor';
import { routes } from '../../../src/app/routes';

const editorRoutes = ['addproduct', 'addproduct-v2', 'product', 'product-v2'];

describe('productEditorPath (issue 31 item 7: the editor preloads from the boot code)', () => {
  it.each(['/addproduct', '/addproduct/', '/addproduct/v2', '/addproduct/v2/M123', '/product', '/product/M123', '/product/v2/M123', '/', '/producer', '/viewproduct/M123', '/products', '/productx', '/addproductx', '/email/M123', '/managepdf/7'])(
    '%s is preloaded exactly when the router draws the product editor there',
    (path) => {
      const deepest = matchRoutes(routes, path)?.at(-1)?.route.id ?? '';
      expect(productEditorPath.test(path)).toBe(editorRoutes.includes(deepest));
    },
  );
});
