import type { Plugin } from 'vite';

const file = /@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]components[\\/]forms[\\/]inputGroup\.js$/;
const sides = ['left', 'right'] as const;
const from = (side: string) => `else {\n            this.setState({ ${side}ElementWidth: undefined });\n        }`;
const to = (side: string) => `else if (${side}ElementWidth !== undefined) {\n            this.setState({ ${side}ElementWidth: undefined });\n        }`;

/**
 * Blueprint's InputGroup (every text, number and date field: ~150 on the product editor) measures
 * its left and right elements when it mounts and stores their widths in state; without such an
 * element it stores `undefined` over `undefined`, and a class component's setState re-renders even
 * then, so every field rendered twice in the editor's first commit. The build skips that setState
 * when the width already is `undefined`: the state, and so the output, are the same. Checked
 * against the source, so a Blueprint upgrade that changes InputGroup fails the build here.
 */
export function inputGroupWithoutIdleState(): Plugin {
  return {
    name: 'portal-input-group-without-idle-state',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      return { code: withoutIdleState(code, id), map: null };
    },
  };
}

/** InputGroup's source with the no-op setStates skipped; throws when the source is not the one reviewed. */
export function withoutIdleState(code: string, id = 'inputGroup.js'): string {
  let out = code;
  for (const side of sides) {
    if (out.split(from(side)).length !== 2 || !out.includes(`const { leftElementWidth, rightElementWidth } = this.state;`)) {
      throw new Error(`${id} changed: review codegen/inputGroupWithoutIdleStatePlugin.ts`);
    }
    out = out.replace(from(side), to(side));
  }
  return out;
}
