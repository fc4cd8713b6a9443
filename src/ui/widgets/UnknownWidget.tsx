import { Callout } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { widgetOptions } from './widgetOptions';

/** The fallback when no registry entry fits: says so, and shows the raw value, so nothing is silently lost. */
export function UnknownWidget(props: WidgetProps) {
  const o = widgetOptions(props);
  const value = props.value === undefined ? '' : JSON.stringify(props.value);
  return (
    <Callout intent="warning" compact className="portal-unknown-widget" data-testid="unknown-widget">
      No widget for {o.widget ? `"${o.widget}"` : `type ${String(props.schema.type ?? 'unknown')}`}
      {value ? `: ${value}` : ''}
    </Callout>
  );
}
