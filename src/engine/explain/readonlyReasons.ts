import type { Engine } from '../evaluate/Engine';

/**
 * Why a block or field cannot be edited: the messages of its `readonly` rules that hold for `doc`
 * ("An approved product cannot be moved and deleted."), in rule order. Rules without a message say
 * nothing here (their Why? still explains them).
 */
export function readonlyReasons(engine: Engine, doc: unknown, target: string): string[] {
  const messages = new Map<string, string>();
  for (const r of engine.rules) if (r.kind === 'readonly' && r.target === target && r.message) messages.set(r.id, r.message);
  if (!messages.size) return [];
  return engine
    .explain(doc, target)
    .rules.filter((r) => r.kind === 'readonly' && r.outcome && messages.has(r.id))
    .map((r) => messages.get(r.id)!);
}
