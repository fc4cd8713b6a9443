import { useEffect, useState } from 'react';
import { areaFiles, createEngine, type Engine } from '../../engine';
import type { BlockSchema } from '../../ui/form/types';
import { apiJson } from '../auth/apiFetch';
import meta from '../../../schemas/dashboards/forward_editor.json';

export interface ForwardForm {
  engine: Engine;
  blocks: BlockSchema[];
}

let loading: Promise<ForwardForm> | null = null;

/** The forward form's block schema and rules (schemas/forward, rules/forward) from the served metadata, once per page. */
export function loadForwardForm(): Promise<ForwardForm> {
  if (!loading) {
    loading = apiJson<{ files: Record<string, unknown> }>('/api/metadata').then((md) => {
      const block = md.files[meta.form.schema];
      if (!block) throw new Error(`The metadata has no ${meta.form.schema}.`);
      return { engine: createEngine({ files: areaFiles(md.files, 'forward') }), blocks: [block as BlockSchema] };
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
