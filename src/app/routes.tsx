import type { RouteObject } from 'react-router-dom';
import type { ShellRouteHandle } from '../ui/shell/shellRouteHandle';
import { Layout } from '../ui/shell/Layout';
import { EmailDashboardScreen } from './screens/EmailDashboardScreen';
import { ErrorPage } from './screens/ErrorPage';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { PlaceholderScreen } from './screens/PlaceholderScreen';
import { RouteErrorScreen } from './screens/RouteErrorScreen';

const bare: ShellRouteHandle = { hideHeader: true };

function placeholder(id: string, path: string, title: string, purpose: string, handle?: ShellRouteHandle): RouteObject {
  return { id, path, handle, element: <PlaceholderScreen title={title} purpose={purpose} /> };
}

// Dashboards are keyed so switching tabs remounts them and the render time is measured afresh.

/**
 * The spec's routes (000 §2, 001 §2). Route ids are the spec's route names; screens not built yet
 * are placeholders that later issues replace.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Layout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { id: 'home', index: true, handle: { showRenderTime: true } satisfies ShellRouteHandle, element: <EmailDashboardScreen key="all" panelistType="all" /> },
      { id: 'producer', path: 'producer', element: <EmailDashboardScreen key="producer" panelistType="producer" /> },
      { id: 'consumer', path: 'consumer', element: <EmailDashboardScreen key="consumer" panelistType="consumer" /> },
      { id: 'mortgage', path: 'mortgage', element: <EmailDashboardScreen key="mortgage" panelistType="mortgage" /> },
      { id: 'provider', path: 'provider', element: <EmailDashboardScreen key="provider" panelistType="provider" /> },
      placeholder('spacy', 'spacy', 'Spacey predictions dashboard', 'Company and sector predictions per email, with the 2019 variant.'),
      placeholder('importlogs', 'importlogs', 'Import job logs', 'Import job timeframes and their log entries.'),
      placeholder('deduplicates', 'deduplicates', 'Deduplicates', 'Groups of duplicate emails and a side-by-side comparison.'),
      placeholder('email', 'email/:muid', 'Email detail', 'The email, its links and its forward history.'),
      placeholder('spaceyemail', 'spaceyemail/:muid', 'Spacey email detail', 'The email detail for a spacey email.'),
      placeholder('emailEditor', 'emailEditor/:muid', 'Forward email editor', 'Edit a copy of the email, attach files, save a draft or send it.'),
      placeholder('peek', 'peek/:muid', 'Email body preview', 'Only the email body HTML.', bare),
      placeholder('visualize', 'visualize/:muid', 'Visual annotation', 'The email with its visual annotation.', bare),
      placeholder('company', 'company/:muid', 'Predictions for MUID', 'Company predictions with accept and reject.'),
      placeholder('companynew', 'companynew/:muid', 'Predictions for MUID', 'Company predictions with accept and reject.'),
      placeholder('companynew1', 'companynew1/:muid', 'Predictions for MUID', 'Company predictions with accept and reject.'),
      placeholder('emailbodypopup', 'emailbodypopup/:muid/:emaildate', 'Email body', 'The email body popup.', bare),
      placeholder('addproduct', 'addproduct', 'Add product', 'Enter a new product.'),
      placeholder('addproduct-v2', 'addproduct/v2/:muid?', 'Add product', 'Enter a new product, optionally from an email.'),
      placeholder('product', 'product/:muid?', 'Product', 'Add or edit a product.', bare),
      placeholder('product-v2', 'product/v2/:muid?', 'Product', 'Add or edit a product (opened as a popup from the email detail).', bare),
      placeholder('viewproduct', 'viewproduct/:muid', 'View product', 'The read-only product view.'),
      placeholder('managepdf', 'managepdf/:product_id', 'Manage PDF', 'The product PDF and preview images.', bare),
      placeholder('mobilepreview', 'mobilepreview/:product_id', 'Mobile preview', 'One image or video of a mobile product.', bare),
      placeholder('signin', 'signin', 'Sign in', 'Sign in to the portal.', bare),
      { id: 'errorpage', path: 'errorpage', handle: bare, element: <ErrorPage /> },
      { id: 'not-found', path: '*', element: <NotFoundScreen /> },
    ],
  },
];
