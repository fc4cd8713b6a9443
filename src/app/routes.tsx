import type { RouteObject } from 'react-router-dom';
import type { ShellRouteHandle } from '../ui/shell/shellRouteHandle';
import { Layout } from '../ui/shell/Layout';
import { AdminPortal } from './admin/AdminPortal';
import { SessionGate } from './auth/SessionGate';
import { ChangePasswordScreen } from './auth/ChangePasswordScreen';
import { SignInScreen } from './auth/SignInScreen';
import { productRoutes } from './product/productRoutes';
import { RuleCatalogueScreen } from './rules/RuleCatalogueScreen';
import { EmailBodyPopupScreen, PeekScreen } from './dashboards/EmailBodyScreens';
import { PredictionsScreen } from './predictions/PredictionsScreen';
import { SpaceyScreen } from './predictions/SpaceyScreen';
import { VisualizeScreen } from './predictions/VisualizeScreen';
import { ManagePdfScreen } from './media/ManagePdfScreen';
import { MobilePreviewScreen } from './media/MobilePreviewScreen';
import { ProcessedHtmlScreen } from './media/ProcessedHtmlScreen';
import { TempPdfScreen } from './media/TempPdfScreen';
import { ForwardEditorScreen } from './forward/ForwardEditorScreen';
import { EmailDashboardPage } from './dashboards/EmailDashboardPage';
import { EmailDetailScreen } from './dashboards/EmailDetailScreen';
import { DeduplicatesScreen, ImportLogsScreen } from './dashboards/LogScreens';
import { ErrorPage } from './screens/ErrorPage';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { RouteErrorScreen } from './screens/RouteErrorScreen';

const bare: ShellRouteHandle = { hideHeader: true };

const onDashboard: ShellRouteHandle = { dashboard: true };

// Dashboards are keyed so switching tabs remounts them and the render time is measured afresh.

/**
 * The spec's routes (000 §2, 001 §2). Route ids are the spec's route names.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <SessionGate><Layout /></SessionGate>,
    errorElement: <RouteErrorScreen />,
    children: [
      { id: 'home', index: true, handle: { showRenderTime: true, dashboard: true } satisfies ShellRouteHandle, element: <EmailDashboardPage key="all" panelistType="all" /> },
      { id: 'producer', path: 'producer', handle: onDashboard, element: <EmailDashboardPage key="producer" panelistType="producer" /> },
      { id: 'consumer', path: 'consumer', handle: onDashboard, element: <EmailDashboardPage key="consumer" panelistType="consumer" /> },
      { id: 'mortgage', path: 'mortgage', handle: onDashboard, element: <EmailDashboardPage key="mortgage" panelistType="mortgage" /> },
      { id: 'provider', path: 'provider', handle: onDashboard, element: <EmailDashboardPage key="provider" panelistType="provider" /> },
      { id: 'spacy', path: 'spacy', element: <SpaceyScreen /> },
      { id: 'importlogs', path: 'importlogs', element: <ImportLogsScreen /> },
      { id: 'deduplicates', path: 'deduplicates', element: <DeduplicatesScreen /> },
      { id: 'email', path: 'email/:muid', element: <EmailDetailScreen /> },
      { id: 'spaceyemail', path: 'spaceyemail/:muid', element: <EmailDetailScreen /> },
      { id: 'emailEditor', path: 'emailEditor/:muid', element: <ForwardEditorScreen /> },
      { id: 'peek', path: 'peek/:muid', handle: bare, element: <PeekScreen /> },
      { id: 'visualize', path: 'visualize/:muid', handle: bare, element: <VisualizeScreen /> },
      { id: 'company', path: 'company/:muid', handle: bare, element: <PredictionsScreen /> },
      { id: 'companynew', path: 'companynew/:muid', handle: bare, element: <PredictionsScreen /> },
      { id: 'companynew1', path: 'companynew1/:muid', handle: bare, element: <PredictionsScreen /> },
      { id: 'emailbodypopup', path: 'emailbodypopup/:muid/:emaildate', handle: bare, element: <EmailBodyPopupScreen /> },
      ...productRoutes,
      { id: 'managepdf', path: 'managepdf/:product_id', handle: bare, element: <ManagePdfScreen /> },
      { id: 'mobilepreview', path: 'mobilepreview/:product_id', handle: bare, element: <MobilePreviewScreen /> },
      { id: 'processedhtml', path: 'processedhtml/:muid', handle: bare, element: <ProcessedHtmlScreen /> },
      { id: 'temppdf', path: 'temppdf/:muid', handle: bare, element: <TempPdfScreen /> },
      { id: 'rules', path: 'rules', element: <RuleCatalogueScreen /> },
      { id: 'signin', path: 'signin', handle: bare, element: <SignInScreen /> },
      { id: 'password', path: 'password', element: <ChangePasswordScreen /> },
      { id: 'admin', path: 'admin/*', handle: bare, element: <AdminPortal /> },
      { id: 'errorpage', path: 'errorpage', handle: bare, element: <ErrorPage /> },
      { id: 'not-found', path: '*', element: <NotFoundScreen /> },
    ],
  },
];
