import { describe, expect, it } from 'vitest';
import { directMail, miniEngine } from './miniMetadata';

// What an evaluation keeps for evaluateIncremental and inputsOf travels with its view model, but only
// for the engine that made it, and it is no part of the view model's data.
describe('a view model\'s run state', () => {
  it('is found by the engine that made it, not by another engine, not on a copy', () => {
    const a = miniEngine();
    const b = miniEngine();
    const vm = a.evaluate(directMail(), { action: 'save' });
    expect(a.inputsOf(vm)?.ctx.action).toBe('save');
    expect(b.inputsOf(vm)).toBeUndefined();
    expect(a.inputsOf({ ...vm })).toBeUndefined();
    expect(a.inputsOf(structuredClone(vm))).toBeUndefined();
    // Without a state, an incremental run is a full one (same answer as evaluate).
    const edited = { ...directMail(), product_name: 'Other' };
    const viaOther = b.evaluateIncremental(vm, edited, ['product_name'], { action: 'save' });
    expect(JSON.stringify(viaOther)).toBe(JSON.stringify(b.evaluate(edited, { action: 'save' })));
  });

  it('is invisible to keys, JSON and equality', () => {
    const engine = miniEngine();
    const vm = engine.evaluate(directMail(), { action: 'save' });
    expect(Object.keys(vm)).toEqual(['blocks', 'fields', 'visible', 'errors', 'warnings', 'derived', 'dropped', 'document']);
    expect(Object.keys(JSON.parse(JSON.stringify(vm)))).toEqual(Object.keys(vm));
    expect(vm).toStrictEqual({ ...vm });
  });

  it('belongs to each view model: an older one still gives its own inputs', () => {
    const engine = miniEngine();
    const first = engine.evaluate(directMail(), { action: 'save' });
    const second = engine.evaluate({ ...directMail(), product_name: 'Second' }, { action: 'save' });
    expect((engine.inputsOf(first)!.data as { product_name: string }).product_name).not.toBe('Second');
    expect((engine.inputsOf(second)!.data as { product_name: string }).product_name).toBe('Second');
  });
});
