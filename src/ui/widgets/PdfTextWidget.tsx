import type { WidgetProps } from '@rjsf/utils';

/** Extracted PDF text: read-only, scrolling (a Tab stop, so the keyboard can scroll it). */
export function PdfTextWidget(props: WidgetProps) {
  return (
    <pre id={props.id} className="portal-pdf-text" tabIndex={0} role="region" aria-label={props.label} style={{ maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
      {props.value == null ? '' : String(props.value)}
    </pre>
  );
}
