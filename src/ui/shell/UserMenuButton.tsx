import { Classes } from '@blueprintjs/core';
import { useState, type ComponentType } from 'react';
import { PlainButton } from '../plain/PlainButton';
import type { UserMenu } from './userMenu';
import type { UserMenuPopoverProps } from './UserMenuPopover';

/**
 * The header's user button: the signed-in name, opening a menu of account actions. Until the first
 * click it is Blueprint's popover target markup around a plain button; the click loads the popover
 * (Blueprint's PopoverNext and floating-ui, ~40 KB the first screen does not need: issue 17, first
 * load) and opens it, and from then on the popover draws the button.
 */
export function UserMenuButton({ menu }: { menu: UserMenu }) {
  const [Popover, setPopover] = useState<ComponentType<UserMenuPopoverProps> | null>(null);
  const [loading, setLoading] = useState(false);
  if (Popover) return <Popover menu={menu} defaultOpen />;
  const open = () => {
    if (loading) return;
    setLoading(true);
    void import('./UserMenuPopover').then(
      (m) => setPopover(() => m.UserMenuPopover),
      () => setLoading(false),
    );
  };
  return (
    <span className={Classes.POPOVER_TARGET}>
      <PlainButton minimal icon="user" endIcon="caret-down" text={menu.name} aria-label={`User menu of ${menu.name}`} aria-expanded={false} aria-haspopup="menu" onClick={open} />
    </span>
  );
}
