import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutIdleState } from '../../../codegen/inputGroupWithoutIdleStatePlugin';

const require = createRequire(import.meta.url);
const source = readFileSync(join(dirname(require.resolve('@blueprintjs/core/package.json')), 'lib', 'esm', 'components', 'forms', 'inputGroup.js'), 'utf8');

interface Measured {
  state: { leftElementWidth?: number; rightElementWidth?: number };
  leftElement: { clientWidth: number } | null;
  rightElement: { clientWidth: number } | null;
  setState(s: object): void;
}

/** The installed InputGroup's updateInputWidth (patched or not), run on a stand-in component. */
function updateInputWidthOf(code: string): (this: Measured) => void {
  const method = /\n {4}updateInputWidth\(\) \{[\s\S]*?\n {4}\}\n/.exec(code)?.[0];
  if (!method) throw new Error('updateInputWidth not found');
  const Class = new Function(`return class { ${method} }`)() as { prototype: { updateInputWidth(this: Measured): void } };
  return Class.prototype.updateInputWidth;
}

function setStatesOf(code: string, component: Omit<Measured, 'setState'>): object[] {
  const calls: object[] = [];
  updateInputWidthOf(code).call({ ...component, setState: (s: object) => void calls.push(s) });
  return calls;
}

describe('InputGroup without idle setState (first load of the editor)', () => {
  const patched = withoutIdleState(source);
  const bare = { state: {}, leftElement: null, rightElement: null };

  it('a field without side elements no longer sets state on mount (stock Blueprint sets it twice)', () => {
    expect(setStatesOf(source, bare)).toHaveLength(2);
    expect(setStatesOf(patched, bare)).toEqual([]);
  });

  it('still measures a side element, and still clears a width whose element went away', () => {
    expect(setStatesOf(patched, { state: {}, leftElement: null, rightElement: { clientWidth: 60 } })).toEqual([{ rightElementWidth: 60 }]);
    expect(setStatesOf(patched, { state: { leftElementWidth: 30, rightElementWidth: 60 }, leftElement: null, rightElement: { clientWidth: 60 } })).toEqual([{ leftElementWidth: undefined }]);
  });

  it('refuses an InputGroup source it was not written for', () => {
    expect(() => withoutIdleState(source.replace('this.setState({ leftElementWidth: undefined });', 'this.setState({});'))).toThrow(/changed: review/);
  });
});
