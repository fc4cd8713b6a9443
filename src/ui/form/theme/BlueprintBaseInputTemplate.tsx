import type { BaseInputTemplateProps } from '@rjsf/utils';
import { NumberWidget } from '../../widgets/NumberWidget';
import { TextWidget } from '../../widgets/TextWidget';

/** RJSF BaseInputTemplate: numbers with their unit, everything else a Blueprint text input. */
export function BlueprintBaseInputTemplate(props: BaseInputTemplateProps) {
  const t = props.schema.type;
  return t === 'number' || t === 'integer' ? <NumberWidget {...props} /> : <TextWidget {...props} />;
}
