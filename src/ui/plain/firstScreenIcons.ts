import type { IconName, IconPaths } from '@blueprintjs/icons';
// The 16px paths of the icons the shell and the email dashboards draw on a cold start (issue 17,
// first load): in the first chunk (about 5 KB) rather than ~25 requests that would share the
// browser's six connections with the dashboard's own API calls; PlainIcon draws them at once.
// Every other icon loads per use.
import add from '@blueprintjs/icons/lib/esm/generated/16px/paths/add';
import book from '@blueprintjs/icons/lib/esm/generated/16px/paths/book';
import caretDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import caretUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-up';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import code from '@blueprintjs/icons/lib/esm/generated/16px/paths/code';
import cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import doubleCaretVertical from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical';
import doubleChevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-chevron-left';
import doubleChevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-chevron-right';
import duplicate from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import eraser from '@blueprintjs/icons/lib/esm/generated/16px/paths/eraser';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox';
import logOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import predictiveAnalysis from '@blueprintjs/icons/lib/esm/generated/16px/paths/predictive-analysis';
import search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import snowflake from '@blueprintjs/icons/lib/esm/generated/16px/paths/snowflake';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';

export const firstScreenIcons16: Partial<Record<IconName, IconPaths>> = {
  add,
  book,
  'caret-down': caretDown,
  'caret-up': caretUp,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  code,
  cog,
  dashboard,
  document,
  'double-caret-vertical': doubleCaretVertical,
  'double-chevron-left': doubleChevronLeft,
  'double-chevron-right': doubleChevronRight,
  duplicate,
  eraser,
  'eye-open': eyeOpen,
  help,
  history,
  home,
  inbox,
  'log-out': logOut,
  office,
  people,
  person,
  'predictive-analysis': predictiveAnalysis,
  search,
  snowflake,
  user,
};
