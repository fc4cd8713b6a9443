-- Issue 26 §7: the addresses each account signed in from (OWASP "Blocking Brute Force Attacks": a
-- lock of an attacked account holds for unknown addresses, never for the owner's known ones).
-- username as the throttle keys have it (trimmed, lower case); kept 90 days after the last sign-in.
create table if not exists auth_known_addresses (
  username text not null,
  address text not null,
  last_success_at timestamptz not null,
  primary key (username, address)
);
create index if not exists auth_known_addresses_last_idx on auth_known_addresses (last_success_at);
