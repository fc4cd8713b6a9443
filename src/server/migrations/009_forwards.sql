-- Forwarded emails and their attachments (000 §2 forward editor, §3 forwarded email / attachment, issue 12).
-- efid is the forward's id. A draft has forward_to and cc blank (000 §4): the addresses typed so far
-- wait in draft_to / draft_cc, and forward_to / cc are set when the message is sent.
create table if not exists forwarded_emails (
  efid bigserial primary key,
  muid bigint not null references emails (muid) on delete cascade,
  efdate timestamptz not null default now(),
  forward_subject text not null default '',
  forward_from text not null default '',
  forward_to text not null default '',
  cc text not null default '',
  draft_to text not null default '',
  draft_cc text not null default '',
  body text not null default '',
  message text not null default '',
  created_by text not null default '',
  sent_at timestamptz,
  message_id text
);
create index if not exists forwarded_emails_muid_idx on forwarded_emails (muid, efid desc);

-- Files attached to a forward (ceafid, filename, ceafdate). efid is null until the forward is saved.
create table if not exists forward_attachments (
  ceafid bigserial primary key,
  muid bigint not null references emails (muid) on delete cascade,
  efid bigint references forwarded_emails (efid) on delete cascade,
  filename text not null,
  ceafdate timestamptz not null default now(),
  mime text not null,
  size integer not null,
  sha256 text not null,
  storage_key text not null,
  created_by text not null default ''
);
create index if not exists forward_attachments_muid_idx on forward_attachments (muid, efid);
