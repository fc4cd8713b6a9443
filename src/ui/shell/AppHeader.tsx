import { Alignment, AnchorButton, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import type { ShellActions } from './shellActions';
import type { UserMenu } from './userMenu';
import { UserMenuButton } from './UserMenuButton';

interface AppHeaderProps {
  actions: ShellActions;
  adminUrl: string;
  /** Already formatted, e.g. "rendered in 42 ms"; empty hides it. */
  renderTime?: string;
  /** The signed-in user's menu; absent before sign-in. */
  userMenu?: UserMenu;
}

/** The common header (000 §1): app name, render time on home, the five buttons, and the user's menu. */
export function AppHeader({ actions, adminUrl, renderTime, userMenu }: AppHeaderProps) {
  return (
    <Navbar className="portal-header" role="banner" aria-label="Portal header">
      <NavbarGroup align={Alignment.START}>
        <NavbarHeading className="portal-header__title">Content Portal</NavbarHeading>
        {renderTime ? (
          <span className="portal-header__render-time" data-testid="render-time">
            {renderTime}
          </span>
        ) : null}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <Button variant="minimal" icon="inbox" text="Focus" onClick={actions.onFocus} />
        <Button variant="minimal" icon="snowflake" text="e-Glacier" onClick={actions.onGlacier} />
        <Button variant="minimal" icon="duplicate" text="Copy" onClick={actions.onCopy} />
        <NavbarDivider />
        <AnchorButton variant="minimal" icon="cog" text="Admin Portal" href={adminUrl} target="_blank" rel="noopener noreferrer" />
        <Button variant="minimal" icon="log-out" text="Sign Out" onClick={actions.onSignOut} />
        {userMenu ? <UserMenuButton menu={userMenu} /> : null}
      </NavbarGroup>
    </Navbar>
  );
}
