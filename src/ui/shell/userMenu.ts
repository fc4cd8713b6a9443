import type { IconName } from '@blueprintjs/core';

/** The signed-in user's menu in the header: their name, and what they can do with their account. */
export interface UserMenu {
  name: string;
  items: ReadonlyArray<{ text: string; icon: IconName; onClick: () => void }>;
}
