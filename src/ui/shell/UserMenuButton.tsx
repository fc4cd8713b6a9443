import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { UserMenu } from './userMenu';

/** The header's user button: the signed-in name, opening a menu of account actions. */
export function UserMenuButton({ menu }: { menu: UserMenu }) {
  const content = (
    <Menu aria-label="User menu">
      {menu.items.map((item) => (
        <MenuItem key={item.text} icon={item.icon} text={item.text} onClick={item.onClick} />
      ))}
    </Menu>
  );
  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button variant="minimal" icon="user" endIcon="caret-down" text={menu.name} aria-label={`User menu of ${menu.name}`} />
    </PopoverNext>
  );
}
