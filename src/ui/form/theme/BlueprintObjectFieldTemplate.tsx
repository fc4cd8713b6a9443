import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** RJSF ObjectFieldTemplate: a titled section (the block title) with its visible properties. */
export function BlueprintObjectFieldTemplate({ title, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const root = fieldPathId.path.length === 0;
  return (
    <section className="portal-block" id={fieldPathId.$id}>
      {title && (root ? <h3 className="portal-block-title">{title}</h3> : <h4 className="portal-block-title">{title}</h4>)}
      {properties.map((p) => (p.hidden ? null : <div key={p.name}>{p.content}</div>))}
    </section>
  );
}
