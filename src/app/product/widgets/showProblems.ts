import type { ProductEditor, Problem } from './ProductEditorContext';

/**
 * Shows a picker's refusals: messages the spec calls alerts (listed) in a modal alert, the rest as
 * danger toasts. Returns true when there was nothing to show.
 */
export async function showProblems(editor: ProductEditor, problems: Problem[], alerts: readonly string[] = []): Promise<boolean> {
  if (!problems.length) return true;
  for (const p of problems) {
    if (alerts.includes(p.rule)) await editor.alert(p.message);
    else editor.notify(p.message, 'danger');
  }
  return false;
}
