import { createContext, useContext, type ReactNode } from 'react';
import type { FormServices } from '../../../ui/form/FormServices';
import type { BlockSchema, CodeTables, Doc, ViewModelLike } from '../../../ui/form/types';
import type { RegistryEntry } from '../../../ui/registry/fieldRegistry';
import type { ProductLookups } from './ProductLookups';

/** One refusal from the rules (the engine's RuleError). */
export interface Problem {
  rule: string;
  field: string;
  message: string;
}

export interface ConfirmOptions {
  message: string;
  confirmText?: string;
  cancelText?: string;
  intent?: 'primary' | 'danger' | 'warning';
}

/**
 * What product widgets need beyond their own field: the whole document (pickers append to lists
 * and run the engine's checks on a draft), the lookups and the screen's dialogs. Checks come from
 * the engine (rules/), never from the widgets.
 */
export interface ProductEditor {
  getDoc(): Doc;
  /** A programmatic edit: evaluated with `$prev` like a keystroke, derived values applied. */
  update(fn: (doc: Doc) => Doc): void;
  /** The engine's problems for an action on a document (the current one by default). */
  check(action: string, doc?: Doc): Problem[];
  /** How a rule's refusal is shown (its `x-refusal` annotation; a toast by default). */
  refusal(rule: string): 'alert' | 'toast';
  /** Block visibility and read-only state from the current view model. */
  block(id: string): { visible: boolean; readonly: boolean; label?: string };
  codes: CodeTables;
  lookups: ProductLookups;
  /** A toast (bottom right); `intent` danger for refusals. */
  notify(message: ReactNode, intent?: 'danger' | 'warning' | 'success' | 'primary', timeoutMs?: number): void;
  /** A modal alert with OK. */
  alert(message: string): Promise<void>;
  confirm(opts: ConfirmOptions): Promise<boolean>;
  /** True while an upload runs: every action is disabled. */
  uploading: boolean;
  setUploading(running: boolean): void;
  today: string;
  /** Document and view-model changes, for widgets that draw editor blocks (sector editor, dialogs). */
  subscribe(listener: () => void): () => void;
  getViewModel(): ViewModelLike;
  /** What a nested MetadataForm of an editor block needs (same metadata, registry and lookups). */
  form: { blocks: readonly BlockSchema[]; entries: readonly RegistryEntry[]; services: FormServices };
  /** Apply a user edit made in a nested editor-block form. */
  change(path: string, value: unknown, next: Doc): void;
}

export const ProductEditorContext = createContext<ProductEditor | null>(null);

export function useProductEditor(): ProductEditor {
  const value = useContext(ProductEditorContext);
  if (!value) throw new Error('product widgets need a ProductEditorContext');
  return value;
}

/** Outside an editor (the read-only summary) widgets fall back to their read mode. */
export function useOptionalProductEditor(): ProductEditor | null {
  return useContext(ProductEditorContext);
}
