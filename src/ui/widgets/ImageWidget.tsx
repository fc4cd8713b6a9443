import type { WidgetProps } from '@rjsf/utils';

/** An image URL shown as the image (nothing when empty). */
export function ImageWidget(props: WidgetProps) {
  return typeof props.value === 'string' && props.value ? (
    <img id={props.id} className="portal-image" src={props.value} alt={props.label} style={{ maxWidth: 240 }} />
  ) : null;
}
