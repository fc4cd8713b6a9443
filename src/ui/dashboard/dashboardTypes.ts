// The shapes of a dashboard file's lists, toolbars and search forms: generic, whichever area (emails,
// predictions) the file belongs to. The email area's own metadata is src/app/dashboards/dashboardMeta.ts.

/** One list column of a dashboard file: `kind` picks the cell renderer (the screen's cell component). */
export interface ColumnMeta {
  key: string;
  label: string;
  kind: string;
  field?: string;
  sort?: string;
  width?: number;
  /** How narrow the column may get when the pane is narrower than the widths (default: its width, no narrower). */
  minWidth?: number;
  maxLength?: number;
  /** Takes the width the other columns leave, so the list fits its pane without a horizontal scrollbar. */
  grow?: boolean;
  ellipsis?: string;
  path?: string;
  popup?: { width: number; height: number };
  labels?: Record<string, string>;
  otherwise?: string;
}

export interface RowActionMeta {
  key: string;
  label: string;
  icon: string;
  path: string;
  popup: { width: number; height: number };
}

/** A toolbar control of a dashboard file (`kind` says what it does to the checked rows). */
export interface ToolbarMeta {
  key: string;
  kind: string;
  label: string;
  icon?: string;
  intent?: string;
  dashboards: string[];
}

export interface CodeEntry {
  const: string | number;
  title: string;
  [k: string]: unknown;
}

export type SearchField = { key: string; title: string; ref?: string; maxLength?: number; ui: Record<string, unknown> };
