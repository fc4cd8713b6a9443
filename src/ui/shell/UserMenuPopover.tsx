import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { UserMenu } from './userMenu';

export interface UserMenuPopoverProps {
  menu: UserMenu;
  /** Open at mount: UserMenuButton loads this module on the first click. */
  defaultOpen?: boolean;
}

/** The user button with its menu of account actions (its own chunk, loaded by UserMenuButton). */
export function UserMenuPopover({ menu, defaultOpen }: UserMenuPopoverProps) {
  const content = (
    <Menu aria-label="User menu">
      {menu.items.map((item) => (
        <MenuItem key={item.text} icon={item.icon} text={item.text} onClick={item.onClick} />
      ))}
    </Menu>
  );
  return (
    <PopoverNext content={content} placement="bottom-end" defaultIsOpen={defaultOpen}>
      <Button variant="minimal" icon="user" endIcon="caret-down" text={menu.name} aria-label={`User menu of ${menu.name}`} />
    </PopoverNext>
  );
}
