/**
 * Blueprint components the portal never draws, by the names it exports them under and the class
 * names (after `bp6-`) their stylesheet rules use. Their rules are a seventh of the stylesheet every
 * page parses and builds its style rules from before its first render (issue 31 item 7: first load);
 * the build drops them (`dropUnusedBlueprintCss`). None of Blueprint's other components draws them
 * (checked in @blueprintjs/core, select, table and datetime 6). A test fails when `src` imports one:
 * take it off this list then.
 */
export const unusedBlueprintComponents: Record<string, { exports: string[]; classes: string[] }> = {
  slider: { exports: ['Slider', 'MultiSlider', 'RangeSlider', 'Handle'], classes: ['slider'] },
  tree: { exports: ['Tree', 'TreeNode'], classes: ['tree'] },
  breadcrumbs: { exports: ['Breadcrumbs', 'Breadcrumb'], classes: ['breadcrumbs', 'breadcrumb'] },
  segmentedControl: { exports: ['SegmentedControl'], classes: ['segmented-control'] },
  drawer: { exports: ['Drawer'], classes: ['drawer'] },
  editableText: { exports: ['EditableText'], classes: ['editable-text'] },
  numericInput: { exports: ['NumericInput'], classes: ['numeric-input'] },
  panelStack: { exports: ['PanelStack', 'PanelStack2'], classes: ['panel-stack', 'panel-stack2'] },
  multistepDialog: { exports: ['MultistepDialog', 'DialogStep'], classes: ['multistep-dialog', 'dialog-step'] },
  overflowList: { exports: ['OverflowList'], classes: ['overflow-list'] },
  cardList: { exports: ['CardList'], classes: ['card-list'] },
  compoundTag: { exports: ['CompoundTag'], classes: ['compound-tag'] },
  entityTitle: { exports: ['EntityTitle'], classes: ['entity-title'] },
  // Blueprint's prose styles (`Classes.RUNNING_TEXT`): no component of theirs or ours sets the class.
  runningText: { exports: [], classes: ['running-text'] },
};

/** Matches a selector that names one of those components' classes (`.bp6-slider`, `.bp6-slider-handle`, ...). */
const unusedClass = new RegExp(`\\.bp6-(?:${Object.values(unusedBlueprintComponents).flatMap((c) => c.classes).join('|')})(?![a-z0-9])`);

/** The part of a PostCSS rule the filter uses. */
interface CssRule {
  selectors: string[];
  remove(): void;
}

/**
 * A PostCSS plugin: drops the selectors that name a class of those components, and a rule left with
 * none. A selector list that also styles something drawn keeps that part.
 */
export const dropUnusedBlueprintCss = {
  postcssPlugin: 'portal-drop-unused-blueprint-css',
  Rule(rule: CssRule) {
    // A class inside :not() does not make the selector theirs.
    const kept = rule.selectors.filter((s) => !unusedClass.test(s.replace(/:not\([^()]*\)/g, '')));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  },
};
