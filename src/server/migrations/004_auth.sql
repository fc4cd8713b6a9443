-- Users, roles, module grants, sessions (refresh-token families) and sign-in failures (issue 4).
create table if not exists auth_roles (
  role_id serial primary key,
  role_name text not null unique,
  description text not null default '',
  -- true: every sector; otherwise only the ids in sectors (001 §6 allowed sectors).
  all_sectors boolean not null default false,
  sectors integer[] not null default '{}',
  created_at timestamptz not null default now()
);

-- One row per (role, module key, operation) granted; module keys come from schemas/admin/modules.json.
create table if not exists auth_role_permissions (
  role_id integer not null references auth_roles (role_id) on delete cascade,
  module text not null,
  operation text not null,
  primary key (role_id, module, operation)
);

create table if not exists auth_users (
  user_id serial primary key,
  username text not null,
  email text not null default '',
  -- scrypt$N$r$p$<salt b64>$<hash b64>
  password_hash text not null,
  role_id integer not null references auth_roles (role_id),
  disabled boolean not null default false,
  -- Bumped when the user is disabled or their password reset: older access tokens stop working.
  session_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists auth_users_username_idx on auth_users (lower(username));

-- One sign-in = one session = one refresh-token family.
create table if not exists auth_sessions (
  session_id uuid primary key,
  user_id integer not null references auth_users (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  last_activity timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text,
  address text not null default '',
  user_agent text not null default ''
);
create index if not exists auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;

-- Refresh tokens, stored as sha256; used_at set when rotated (a second use is a replay).
create table if not exists auth_refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth_sessions (session_id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index if not exists auth_refresh_tokens_session_idx on auth_refresh_tokens (session_id);

-- Failed sign-ins, counted per username and per address for rate limiting.
create table if not exists auth_login_failures (
  id bigserial primary key,
  username text not null,
  address text not null,
  at timestamptz not null default now()
);
create index if not exists auth_login_failures_user_idx on auth_login_failures (username, at);
create index if not exists auth_login_failures_addr_idx on auth_login_failures (address, at);
