import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { PlainButton } from '../plain/PlainButton';
import { PlainIcon } from '../plain/PlainIcon';
import type { ShellActions } from './shellActions';
import type { UserMenu } from './userMenu';
import { UserMenuButton } from './UserMenuButton';

interface AppHeaderProps {
  actions: ShellActions;
  adminUrl: string;
  /** The render-time note (RenderTimeNote), e.g. "rendered in 42 ms"; absent on other screens. */
  renderTime?: ReactNode;
  /** The signed-in user's menu; absent before sign-in. */
  userMenu?: UserMenu;
}

/**
 * The common header (000 §1): app name, render time on home, the five buttons, and the user's menu.
 * Blueprint's Navbar and buttons through their CSS API (the same markup as the components, drawn
 * without their hooks on every page's first render: issue 17, first load).
 */
export function AppHeader({ actions, adminUrl, renderTime, userMenu }: AppHeaderProps) {
  return (
    <div className={`${Classes.NAVBAR} portal-header`} role="banner" aria-label="Portal header">
      <div className={`${Classes.NAVBAR_GROUP} ${Classes.ALIGN_LEFT}`}>
        <div className={`${Classes.NAVBAR_HEADING} portal-header__title`}>Content Portal</div>
        {renderTime}
      </div>
      <div className={`${Classes.NAVBAR_GROUP} ${Classes.ALIGN_RIGHT}`}>
        <PlainButton minimal icon="inbox" text="Focus" onClick={actions.onFocus} />
        <PlainButton minimal icon="snowflake" text="e-Glacier" onClick={actions.onGlacier} />
        <PlainButton minimal icon="duplicate" text="Copy" onClick={actions.onCopy} />
        <div className={Classes.NAVBAR_DIVIDER} />
        {/* Blueprint's AnchorButton markup: a link with the button role and classes. */}
        <a role="button" href={adminUrl} target="_blank" rel="noopener noreferrer" tabIndex={0} className={`${Classes.BUTTON} ${Classes.MINIMAL}`} aria-disabled={false}>
          <PlainIcon icon="cog" />
          <span className={Classes.BUTTON_TEXT}>Admin Portal</span>
        </a>
        <PlainButton minimal icon="log-out" text="Sign Out" onClick={actions.onSignOut} />
        {userMenu ? <UserMenuButton menu={userMenu} /> : null}
      </div>
    </div>
  );
}
