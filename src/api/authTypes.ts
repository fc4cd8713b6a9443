/**
 * The sign-in, session and admin API contract (issue 4). Answers keep the spec's envelope
 * `{statusCode, payload}` (000 §7); failures are the usual `{error, message}`.
 */

export interface Envelope<T> {
  statusCode: number;
  payload: T;
}

/** POST /api/auth/sign-in */
export interface SignInRequest {
  username: string;
  password: string;
}

/** POST /api/auth/password: the signed-in user changes their own password. */
export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

export interface UserRole {
  role_id: number;
  role_name: string;
}

/** POST /api/auth/sign-in payload. */
export interface SignInPayload {
  access_token: string;
  /** Access-token lifetime in seconds. */
  access_token_expire_time: number;
  user_id: number;
  username: string;
  user_role: UserRole;
  /** The password was generated at first start: the user must change it before anything else. */
  must_change_password?: boolean;
}

/** POST /api/auth/refresh payload (000 §3 "Token refresh response"). */
export interface RefreshPayload {
  access_token: string;
  access_token_expire_time: number;
}

/** A module as the role data lists it (000 §3 "Module"). */
export interface RoleModule {
  module_id: number;
  /** The permission key server routes declare (e.g. "product"); children carry their parent's. */
  module_key: string;
  module_name: string;
  module_icon: string;
  module_url_slug: string;
  module_sort: number;
  module_parent_id: number | null;
  /** Kept out of the sidebar (the Admin Portal has its header button); still matched against paths. */
  module_hidden?: boolean;
  operations: string[];
}

/** GET /api/auth/permissions payload (000 §3 "Role data"). */
export interface RoleData {
  user_id: number;
  username: string;
  user_role: UserRole;
  /** Every sector is allowed; `sectors` is then empty. */
  all_sectors: boolean;
  /** Allowed sector ids when all_sectors is false. */
  sectors: number[];
  modules: RoleModule[];
}

/** GET /api/auth/portal-access payload: the origins the portal may be used from. */
export interface PortalAccessPayload {
  origins: string[];
}

/** GET /api/admin/users rows. */
export interface AdminUser {
  user_id: number;
  username: string;
  email: string;
  role_id: number;
  role_name: string;
  disabled: boolean;
  created_at: string;
}

/** GET /api/admin/roles rows. */
export interface AdminRole {
  role_id: number;
  role_name: string;
  description: string;
  all_sectors: boolean;
  sectors: number[];
  /** module key -> granted operations */
  permissions: Record<string, string[]>;
  user_count: number;
}

/** GET /api/admin/modules rows: the module table with its operations. */
export interface AdminModule {
  key: string;
  module_id: number;
  module_name: string;
  module_url_slug: string;
  operations: string[];
}
