import type { RouteObject } from 'react-router-dom';
import type { ShellRouteHandle } from '../ui/shell/shellRouteHandle';
import { Layout } from '../ui/shell/Layout';
import { SessionGate } from './auth/SessionGate';
import { SignInScreen } from './auth/SignInScreen';
import { productRoutes } from './product/productRoutes';
import { lazyElement } from './lazyElement';
import { loadRichTextEditor } from '../ui/widgets/RichTextWidget';
import { RouteLoading } from './screens/RouteLoading';
import { EmailDashboardPage } from './dashboards/EmailDashboardPage';
import { ErrorPage } from './screens/ErrorPage';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { RouteErrorScreen } from './screens/RouteErrorScreen';

const bare: ShellRouteHandle = { hideHeader: true };

const onDashboard: ShellRouteHandle = { dashboard: true };

// The dashboards and sign-in are in the main chunk (the first screens people open); every other
// screen is its own chunk, loaded when its route matches (issue 17: first load).

// Dashboards are keyed so switching tabs remounts them and the render time is measured afresh.

/**
 * The spec's routes (000 §2, 001 §2). Route ids are the spec's route names.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <SessionGate><Layout /></SessionGate>,
    errorElement: <RouteErrorScreen />,
    // Shown while the first screen's chunk loads on a cold start (lazy routes, issue 17).
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { id: 'home', index: true, handle: { showRenderTime: true, dashboard: true } satisfies ShellRouteHandle, element: <EmailDashboardPage key="all" panelistType="all" /> },
      { id: 'producer', path: 'producer', handle: onDashboard, element: <EmailDashboardPage key="producer" panelistType="producer" /> },
      { id: 'consumer', path: 'consumer', handle: onDashboard, element: <EmailDashboardPage key="consumer" panelistType="consumer" /> },
      { id: 'mortgage', path: 'mortgage', handle: onDashboard, element: <EmailDashboardPage key="mortgage" panelistType="mortgage" /> },
      { id: 'provider', path: 'provider', handle: onDashboard, element: <EmailDashboardPage key="provider" panelistType="provider" /> },
      { id: 'spacy', path: 'spacy', ...lazyElement(() => import('./predictions/SpaceyScreen'), (m) => <m.SpaceyScreen />) },
      { id: 'importlogs', path: 'importlogs', ...lazyElement(() => import('./dashboards/LogScreens'), (m) => <m.ImportLogsScreen />) },
      { id: 'deduplicates', path: 'deduplicates', ...lazyElement(() => import('./dashboards/LogScreens'), (m) => <m.DeduplicatesScreen />) },
      { id: 'email', path: 'email/:muid', ...lazyElement(() => import('./dashboards/EmailDetailScreen'), (m) => <m.EmailDetailScreen />) },
      { id: 'spaceyemail', path: 'spaceyemail/:muid', ...lazyElement(() => import('./dashboards/EmailDetailScreen'), (m) => <m.EmailDetailScreen />) },
      // The forward form's body is rich text: its editor's chunk loads beside the screen's (RichTextWidget).
      { id: 'emailEditor', path: 'emailEditor/:muid', ...lazyElement(() => Promise.all([import('./forward/ForwardEditorScreen'), loadRichTextEditor()]).then(([m]) => m), (m) => <m.ForwardEditorScreen />) },
      { id: 'peek', path: 'peek/:muid', handle: bare, ...lazyElement(() => import('./dashboards/EmailBodyScreens'), (m) => <m.PeekScreen />) },
      { id: 'visualize', path: 'visualize/:muid', handle: bare, ...lazyElement(() => import('./predictions/VisualizeScreen'), (m) => <m.VisualizeScreen />) },
      { id: 'company', path: 'company/:muid', handle: bare, ...lazyElement(() => import('./predictions/PredictionsScreen'), (m) => <m.PredictionsScreen />) },
      { id: 'companynew', path: 'companynew/:muid', handle: bare, ...lazyElement(() => import('./predictions/PredictionsScreen'), (m) => <m.PredictionsScreen />) },
      { id: 'companynew1', path: 'companynew1/:muid', handle: bare, ...lazyElement(() => import('./predictions/PredictionsScreen'), (m) => <m.PredictionsScreen />) },
      { id: 'emailbodypopup', path: 'emailbodypopup/:muid/:emaildate', handle: bare, ...lazyElement(() => import('./dashboards/EmailBodyScreens'), (m) => <m.EmailBodyPopupScreen />) },
      ...productRoutes,
      { id: 'managepdf', path: 'managepdf/:product_id', handle: bare, ...lazyElement(() => import('./media/ManagePdfScreen'), (m) => <m.ManagePdfScreen />) },
      { id: 'mobilepreview', path: 'mobilepreview/:product_id', handle: bare, ...lazyElement(() => import('./media/MobilePreviewScreen'), (m) => <m.MobilePreviewScreen />) },
      { id: 'processedhtml', path: 'processedhtml/:muid', handle: bare, ...lazyElement(() => import('./media/ProcessedHtmlScreen'), (m) => <m.ProcessedHtmlScreen />) },
      { id: 'temppdf', path: 'temppdf/:muid', handle: bare, ...lazyElement(() => import('./media/TempPdfScreen'), (m) => <m.TempPdfScreen />) },
      { id: 'rules', path: 'rules', ...lazyElement(() => import('./rules/RuleCatalogueScreen'), (m) => <m.RuleCatalogueScreen />) },
      { id: 'rulechanges', path: 'rulechanges', ...lazyElement(() => import('./rules/RuleChangesScreen'), (m) => <m.RuleChangesScreen />) },
      { id: 'signin', path: 'signin', handle: bare, element: <SignInScreen /> },
      { id: 'password', path: 'password', ...lazyElement(() => import('./auth/ChangePasswordScreen'), (m) => <m.ChangePasswordScreen />) },
      { id: 'admin', path: 'admin/*', handle: bare, ...lazyElement(() => import('./admin/AdminPortal'), (m) => <m.AdminPortal />) },
      { id: 'errorpage', path: 'errorpage', handle: bare, element: <ErrorPage /> },
      { id: 'not-found', path: '*', element: <NotFoundScreen /> },
    ],
  },
];
