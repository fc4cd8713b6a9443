import type { FieldModel } from '../form/formModel';
import type { JsonSchema } from '../form/types';
import { NOT_APPLICABLE, type Tester } from './fieldRegistry';

/** Rank of an explicit `x-ui.widget` match: beats any inference from the schema. */
export const EXPLICIT = 100;

/**
 * Matches an explicit `x-ui.widget` name, or (only when no widget is named) a schema test with
 * the given rank. A named but unregistered widget therefore falls to the Unknown entry.
 */
export function widgetOr(names: readonly string[], infer: (f: FieldModel) => boolean, rank: number): Tester {
  return (field) => {
    const named = field.ui.widget;
    if (named) return names.includes(named) ? EXPLICIT : NOT_APPLICABLE;
    return infer(field) ? rank : NOT_APPLICABLE;
  };
}

export function typeOf(schema: JsonSchema): string | undefined {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  return t;
}

export const isCode = (f: FieldModel) => !!f.codes && !f.multiple;
export const isCodeList = (f: FieldModel) => !!f.codes && f.multiple;
export const isObjectList = (f: FieldModel) => typeOf(f.schema) === 'array' && !!f.children;
export const isDate = (f: FieldModel) => f.schema.format === 'date';
export const isBoolean = (f: FieldModel) => typeOf(f.schema) === 'boolean';
export const isNumber = (f: FieldModel) => ['number', 'integer'].includes(typeOf(f.schema) ?? '') && !f.codes;
export const isString = (f: FieldModel) => typeOf(f.schema) === 'string' && !f.codes;
export const isLongText = (f: FieldModel) => isString(f) && (f.schema.maxLength ?? 0) > 255;
