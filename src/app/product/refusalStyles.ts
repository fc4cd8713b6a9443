import type { Engine } from '../../engine';

/** How a picker or dialog shows one refusal: a modal alert with OK, or a danger toast (the default). */
export type RefusalStyle = 'alert' | 'toast';

/**
 * The rules whose refusals the spec shows as alerts, by id: rules annotated `"x-refusal": "alert"`.
 * Data-driven (issue 16): which message is an alert is said beside the message, never in a widget.
 */
export function refusalStyles(engine: Pick<Engine, 'rules'>): Map<string, RefusalStyle> {
  const out = new Map<string, RefusalStyle>();
  for (const r of engine.rules) {
    const style = (r as unknown as Record<string, unknown>)['x-refusal'];
    if (style === 'alert' || style === 'toast') out.set(r.id, style);
  }
  return out;
}
