import type { RouteObject } from 'react-router-dom';
import type { ShellRouteHandle } from '../ui/shell/shellRouteHandle';
import { Layout } from '../ui/shell/Layout';
import { AdminPortal } from './admin/AdminPortal';
import { SessionGate } from './auth/SessionGate';
import { SignInScreen } from './auth/SignInScreen';
import { productRoutes } from './product/productRoutes';
import { RuleCatalogueScreen } from './rules/RuleCatalogueScreen';
import { EmailBodyPopupScreen, PeekScreen, VisualizeScreen } from './dashboards/EmailBodyScreens';
import { EmailDashboardPage } from './dashboards/EmailDashboardPage';
import { EmailDetailScreen } from './dashboards/EmailDetailScreen';
import { DeduplicatesScreen, ImportLogsScreen } from './dashboards/LogScreens';
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
    element: <SessionGate><Layout /></SessionGate>,
    errorElement: <RouteErrorScreen />,
    children: [
      { id: 'home', index: true, handle: { showRenderTime: true } satisfies ShellRouteHandle, element: <EmailDashboardPage key="all" panelistType="all" /> },
      { id: 'producer', path: 'producer', element: <EmailDashboardPage key="producer" panelistType="producer" /> },
      { id: 'consumer', path: 'consumer', element: <EmailDashboardPage key="consumer" panelistType="consumer" /> },
      { id: 'mortgage', path: 'mortgage', element: <EmailDashboardPage key="mortgage" panelistType="mortgage" /> },
      { id: 'provider', path: 'provider', element: <EmailDashboardPage key="provider" panelistType="provider" /> },
      placeholder('spacy', 'spacy', 'Spacey predictions dashboard', 'Company and sector predictions per email, with the 2019 variant.'),
      { id: 'importlogs', path: 'importlogs', element: <ImportLogsScreen /> },
      { id: 'deduplicates', path: 'deduplicates', element: <DeduplicatesScreen /> },
      { id: 'email', path: 'email/:muid', element: <EmailDetailScreen /> },
      placeholder('spaceyemail', 'spaceyemail/:muid', 'Spacey email detail', 'The email detail for a spacey email.'),
      placeholder('emailEditor', 'emailEditor/:muid', 'Forward email editor', 'Edit a copy of the email, attach files, save a draft or send it.'),
      { id: 'peek', path: 'peek/:muid', handle: bare, element: <PeekScreen /> },
      { id: 'visualize', path: 'visualize/:muid', handle: bare, element: <VisualizeScreen /> },
      placeholder('company', 'company/:muid', 'Predictions for MUID', 'Company predictions with accept and reject.'),
      placeholder('companynew', 'companynew/:muid', 'Predictions for MUID', 'Company predictions with accept and reject.'),
      placeholder('companynew1', 'companynew1/:muid', 'Predictions for MUID', 'Company predictions with accept and reject.'),
      { id: 'emailbodypopup', path: 'emailbodypopup/:muid/:emaildate', handle: bare, element: <EmailBodyPopupScreen /> },
      ...productRoutes,
      placeholder('managepdf', 'managepdf/:product_id', 'Manage PDF', 'The product PDF and preview images.', bare),
      placeholder('mobilepreview', 'mobilepreview/:product_id', 'Mobile preview', 'One image or video of a mobile product.', bare),
      { id: 'rules', path: 'rules', element: <RuleCatalogueScreen /> },
      { id: 'signin', path: 'signin', handle: bare, element: <SignInScreen /> },
      { id: 'admin', path: 'admin/*', handle: bare, element: <AdminPortal /> },
      { id: 'errorpage', path: 'errorpage', handle: bare, element: <ErrorPage /> },
      { id: 'not-found', path: '*', element: <NotFoundScreen /> },
    ],
  },
];
