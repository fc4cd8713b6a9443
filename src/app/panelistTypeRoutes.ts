/** The dashboard's panelist-type routes; the type follows the route name (000 §2 Tabs). */
export const panelistTypeRoutes = ['all', 'producer', 'consumer', 'mortgage', 'provider'] as const;
export type PanelistTypeRoute = (typeof panelistTypeRoutes)[number];

const labels: Record<PanelistTypeRoute, string> = {
  all: 'All',
  producer: 'Producer Panelists',
  consumer: 'Consumer Panelists',
  mortgage: 'Mortgage Broker Panelists',
  provider: 'Provider Panelists',
};

/** The tab label for a panelist-type route. */
export function panelistTypeLabel(type: PanelistTypeRoute): string {
  return labels[type];
}
