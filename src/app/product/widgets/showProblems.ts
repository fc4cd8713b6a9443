import type { ProductEditor, Problem } from './ProductEditorContext';

/**
 * Shows a check's refusals: those whose rule says `"x-refusal": "alert"` in a modal alert, the
 * rest as danger toasts. Returns true when there was nothing to show.
 */
export async function showProblems(editor: Pick<ProductEditor, 'alert' | 'notify' | 'refusal'>, problems: readonly Problem[]): Promise<boolean> {
  if (!problems.length) return true;
  for (const p of problems) {
    if (editor.refusal(p.rule) === 'alert') await editor.alert(p.message);
    else editor.notify(p.message, 'danger');
  }
  return false;
}
