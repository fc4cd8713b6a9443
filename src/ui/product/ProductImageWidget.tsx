import { InputGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

/**
 * The Product Image (required for approval): its path or URL, with a preview. The generic image
 * widget only shows an image; the editor must be able to set it.
 */
export function ProductImageWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const editable = !props.readonly && !props.disabled;
  return (
    <div className="portal-product-image">
      {editable ? (
        <InputGroup id={props.id} value={value} placeholder="Image path or URL" onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)} />
      ) : (
        <span className="portal-read-value">{value}</span>
      )}
      {value && <img className="portal-image" src={value} alt={props.label} style={{ maxWidth: 240, display: 'block' }} onError={(e) => (e.currentTarget.style.display = 'none')} />}
    </div>
  );
}
