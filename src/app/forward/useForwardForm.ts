import { useEffect, useState } from 'react';
import { forwardEditorFile, type ForwardEditorMeta } from '../../api/forwardEditorMeta';
import { areaFiles, createEngine, type Engine } from '../../engine';
import type { BlockSchema } from '../../ui/form/types';
import { apiJson } from '../auth/apiFetch';
import { browserEngineOptions, loadRuleFunctions } from '../browserEngineOptions';

export interface ForwardForm {
  engine: Engine;
  blocks: BlockSchema[];
  /** The screen's policy (messages and timings, upload, columns, popups): schemas/dashboards/forward_editor.json. */
  meta: ForwardEditorMeta;
}

let loading: Promise<ForwardForm> | null = null;

/** The forward form's block schema, rules (schemas/forward, rules/forward) and screen policy from the served metadata, once per page. */
export function loadForwardForm(): Promise<ForwardForm> {
  if (!loading) {
    void loadRuleFunctions();
    loading = apiJson<{ version: string; files: Record<string, unknown> }>('/api/metadata').then(async (md) => {
      const meta = md.files[forwardEditorFile] as ForwardEditorMeta | undefined;
      if (!meta?.messages) throw new Error(`The metadata has no ${forwardEditorFile}.`);
      const block = md.files[meta.form.schema];
      if (!block) throw new Error(`The metadata has no ${meta.form.schema}.`);
      return { engine: createEngine({ files: areaFiles(md.files, 'forward') }, await browserEngineOptions(md.version, 'forward')), blocks: [block as BlockSchema], meta };
    });
    loading.catch(() => (loading = null));
  }
  return loading;
}

export function useForwardForm(): { form: ForwardForm | null; error: string | null } {
  const [form, setForm] = useState<ForwardForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadForwardForm().then(
      (f) => live && setForm(f),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  return { form, error };
}
