import { HotkeysProvider } from '@blueprintjs/core';
import { Table2 as BlueprintTable2, type Table2Props } from '@blueprintjs/table';

/**
 * Blueprint's Table2 inside a HotkeysProvider of its own: its hotkeys need one, and the app shell has
 * none, so the first load's chunk leaves out the hotkeys dialog (issue 31 item 7). Nothing else in
 * the portal uses hotkeys; `?` still opens the dialog listing a table's hotkeys.
 */
export function Table2(props: Table2Props) {
  return (
    <HotkeysProvider>
      <BlueprintTable2 {...props} />
    </HotkeysProvider>
  );
}
