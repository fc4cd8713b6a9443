import { OverlayToaster, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/**
 * Shows a toast at the top of the page from the email dashboards. The toaster is created at the
 * first toast (Blueprint's OverlayToaster.create, its own root under <body>), not mounted with every
 * dashboard's first render where it is never needed (issue 17, first load).
 */
export function showDashboardToast(props: ToastProps): void {
  toaster ??= OverlayToaster.create({ position: 'top' });
  void toaster.then((t) => t.show(props));
}
