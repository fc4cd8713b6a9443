import { OverlayToaster, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/**
 * Shows a toast at the bottom right of the page from the email dashboards, where the product
 * editor's errors show (001 'bottom-end'): at the top it covered the header's links for its 3 s.
 * The toaster is created at the first toast (Blueprint's OverlayToaster.create, its own root under
 * <body>), not mounted with every dashboard's first render where it is never needed (issue 17).
 */
export function showDashboardToast(props: ToastProps): void {
  toaster ??= OverlayToaster.create({ position: 'bottom-right' });
  void toaster.then((t) => t.show(props));
}
