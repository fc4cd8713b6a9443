import { Button, ButtonGroup, HTMLTable } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { memo, useCallback, useMemo } from 'react';
import { enumOptionsFor } from '../form/enumOptionsFor';
import { DEFAULT_FIELD_STATE } from '../form/fieldState';
import type { FieldModel } from '../form/formModel';
import { useRegistry } from '../form/RegistryContext';
import { widgetPropsFor } from '../form/widgetPropsFor';
import { pickEntry } from '../registry/fieldRegistry';
import { ReadText } from './ReadText';
import { widgetOptions } from './widgetOptions';

type Item = Record<string, unknown>;

/** Columns of a list: `x-ui.columns`, else every item field that is not itself an object or list. */
export function listColumns(field: FieldModel | undefined, columns?: string[]): FieldModel[] {
  const children = field?.children ?? [];
  if (columns?.length) return columns.map((k) => children.find((c) => c.key === k)).filter((c): c is FieldModel => !!c);
  return children.filter((c) => !c.children);
}

/**
 * An array of objects as a table whose cells are drawn by the same registry (edit or read), with
 * Add, Up, Down and Remove in edit mode. `numbered` adds the "Sr. No." column (promotions);
 * `x-ui.maxHeight` makes it scroll; `x-ui.summaryWidth` fixes its width in read mode.
 */
export function ListWidget(props: WidgetProps & { numbered?: boolean }) {
  const { id, value, readonly, disabled, onChange } = props;
  const o = widgetOptions(props);
  const cols = listColumns(o.fieldModel, o.columns);
  const items: Item[] = useMemo(() => (Array.isArray(value) ? (value as Item[]) : []), [value]);
  const numbered = props.numbered ?? o.numbered === true;
  const editable = !readonly && !disabled;
  const setItem = useCallback(
    (index: number, key: string, v: unknown) => {
      const next = items.map((it, i) => (i === index ? { ...it, [key]: v } : it));
      onChange(next);
    },
    [items, onChange],
  );
  const move = (from: number, to: number) => {
    const next = [...items];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    onChange(next);
  };
  return (
    <div
      className="portal-list"
      id={id}
      style={{
        maxHeight: typeof o.maxHeight === 'number' ? o.maxHeight : undefined,
        overflow: typeof o.maxHeight === 'number' ? 'auto' : undefined,
        width: !editable && typeof o.summaryWidth === 'number' ? o.summaryWidth : undefined,
      }}
    >
      <HTMLTable compact striped className="portal-list-table">
        <thead>
          <tr>
            {numbered && <th>Sr. No.</th>}
            {cols.map((c) => (
              <th key={c.key}>{c.title}</th>
            ))}
            {editable && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={i}>
              {numbered && <td>{i + 1}</td>}
              {cols.map((c) => (
                <td key={c.key}>
                  <Cell field={c} id={`${id}.${i}.${c.key}`} value={item?.[c.key]} index={i} readMode={!editable} setItem={setItem} />
                </td>
              ))}
              {editable && (
                <td>
                  <ButtonGroup variant="minimal">
                    <Button icon="arrow-up" aria-label="Up" disabled={i === 0} onClick={() => move(i, i - 1)} />
                    <Button icon="arrow-down" aria-label="Down" disabled={i === items.length - 1} onClick={() => move(i, i + 1)} />
                    <Button icon="trash" aria-label="Remove" onClick={() => onChange(items.filter((_x, j) => j !== i))} />
                  </ButtonGroup>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {editable && o.add !== false && <Button icon="add" text="Add" variant="minimal" onClick={() => onChange([...items, {}])} />}
    </div>
  );
}

const Cell = memo(function Cell(p: {
  field: FieldModel;
  id: string;
  value: unknown;
  index: number;
  readMode: boolean;
  setItem: (index: number, key: string, v: unknown) => void;
}) {
  const registry = useRegistry();
  const mode = p.readMode ? 'read' : 'edit';
  const props = widgetPropsFor(
    p.field,
    p.id,
    p.value,
    DEFAULT_FIELD_STATE,
    enumOptionsFor(p.field, undefined, mode),
    (v) => p.setItem(p.index, p.field.key, v),
    p.readMode,
  );
  if (!registry) return <ReadText {...props} />;
  const entry = pickEntry(registry.entries, p.field, registry.fallback);
  const Component = p.readMode ? entry.read : entry.edit;
  return <Component {...props} />;
});

/** The list's read mode: the same table without editing. */
export function ReadList(props: WidgetProps) {
  return <ListWidget {...props} readonly />;
}

/** Promotions: numbered rows; in the summary the table is 562 px wide and scrolls past 400 px. */
export function PromotionTableWidget(props: WidgetProps) {
  return (
    <div className="portal-promotion-table">
      <ListWidget {...props} numbered />
    </div>
  );
}

export function ReadPromotionTable(props: WidgetProps) {
  return (
    <div className="portal-promotion-table portal-promotion-table-read" style={{ width: 562, maxHeight: 400, overflow: 'auto' }}>
      <ListWidget {...props} numbered readonly />
    </div>
  );
}
