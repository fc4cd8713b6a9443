import { NonIdealState } from '@blueprintjs/core';
import { sessionMessages } from './sessionMessages';

/** 000 §2: shown when the site origin is not in portal_access. */
export function NotAuthorizedScreen() {
  return (
    <main className="portal-not-authorized" style={{ paddingTop: '15vh' }}>
      <NonIdealState icon="blocked-person" title={sessionMessages.notAuthorizedSite} description={sessionMessages.notAuthorizedCode} />
    </main>
  );
}
