import type { WidgetProps } from '@rjsf/utils';

/** Extracted PDF text: read-only, scrolling. */
export function PdfTextWidget(props: WidgetProps) {
  return (
    <pre id={props.id} className="portal-pdf-text" style={{ maxHeight: 300, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
      {props.value == null ? '' : String(props.value)}
    </pre>
  );
}
