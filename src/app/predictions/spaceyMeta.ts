import { useEffect, useState } from 'react';
// Type-only: the file itself comes from GET /api/metadata (reload, METADATA_DIR), never the bundle.
import type spaceyJson from '../../../schemas/dashboards/spacey.json';
import type { ColumnMeta, RowActionMeta } from '../dashboards/dashboardMeta';
import { codeTableEntries } from '../codeTableEntries';
import { loadMetadataFiles } from '../loadMetadataFiles';

export type SpaceyMeta = typeof spaceyJson;
export const spaceyFile = 'schemas/dashboards/spacey.json';
export const columnsOf = (m: SpaceyMeta) => m.columns as ColumnMeta[];
export const rowActionsOf = (m: SpaceyMeta) => m.rowActions as RowActionMeta[];

/** A code of a `codes/<name>` table by its x-key; throws when the table has no such key (metadata and code disagree). */
export type CodeOf = (ref: string, key: string) => number;

function codeReader(files: Record<string, unknown>): CodeOf {
  return (ref, key) => {
    const hit = codeTableEntries(files, ref).find((e) => e['x-key'] === key);
    if (!hit) throw new Error(`${ref} has no code with x-key "${key}"`);
    return Number(hit.const);
  };
}

interface SpaceyMetaState {
  meta: SpaceyMeta | null;
  error: string | null;
  /** Codes by key from the same metadata (null while loading). */
  code: CodeOf | null;
}

/** schemas/dashboards/spacey.json as the server serves it (null while loading). */
export function useSpaceyMeta(): SpaceyMetaState {
  const [state, setState] = useState<SpaceyMetaState>({ meta: null, error: null, code: null });
  useEffect(() => {
    let live = true;
    loadMetadataFiles().then(
      (md) =>
        live &&
        setState(
          md.files[spaceyFile]
            ? { meta: md.files[spaceyFile] as SpaceyMeta, error: null, code: codeReader(md.files) }
            : { meta: null, error: `metadata file ${spaceyFile} is missing`, code: null },
        ),
      (e: unknown) => live && setState({ meta: null, error: e instanceof Error ? e.message : String(e), code: null }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export const variantQuery = (variant: string) => (variant === '2019' ? '?variant=2019' : '');

const pad = (n: number) => String(n).padStart(2, '0');
/** 000 §9: the spacey list shows dates in UTC, to the second. */
export function formatUtcSeconds(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

export const percent = (score: number) => `${Math.round(score * 100)}%`;
