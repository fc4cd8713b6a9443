import type { RouteObject } from 'react-router-dom';
import type { ShellRouteHandle } from '../../ui/shell/shellRouteHandle';
import { lazyElement } from '../lazyElement';
import { loadProductEditorScreen } from './loadProductEditor';

const bare: ShellRouteHandle = { hideHeader: true };

/** 001 §2 product routes (route names addproduct, addproduct-v2, product, product-v2; viewproduct). */
export const productRoutes: RouteObject[] = [
  { id: 'addproduct', path: 'addproduct', ...lazyElement(loadProductEditorScreen, (m) => <m.ProductEditorScreen kind="add" />) },
  { id: 'addproduct-v2', path: 'addproduct/v2/:muid?', ...lazyElement(loadProductEditorScreen, (m) => <m.ProductEditorScreen kind="add" />) },
  { id: 'product', path: 'product/:muid?', handle: bare, ...lazyElement(loadProductEditorScreen, (m) => <m.ProductEditorScreen kind="edit" />) },
  { id: 'product-v2', path: 'product/v2/:muid?', handle: bare, ...lazyElement(loadProductEditorScreen, (m) => <m.ProductEditorScreen kind="edit" />) },
  { id: 'viewproduct', path: 'viewproduct/:muid', ...lazyElement(() => import('./ProductViewScreen'), (m) => <m.ProductViewScreen />) },
];
