-- Predictions ("spacey", 000 §3 Prediction): versioned models trained from the catalogue, the
-- predictions each model made per email, reviewers' accept/reject feedback and the companies
-- reviewers attach to an email on the predictions screen (000 §7 "Predictions and companies").

-- One trained model version. `variant` 'current' is what /spacy shows; '2019' is an older version
-- kept for comparison (/spacy?variant=2019). `model` holds the exported classifiers.
create table if not exists prediction_models (
  version serial primary key,
  variant text not null default 'current' check (variant in ('current', '2019')),
  trained_at timestamptz not null default now(),
  trained_by text not null default 'system',
  examples integer not null,
  feedback_used integer not null default 0,
  training_ms integer not null,
  evaluation jsonb not null,
  model jsonb not null
);
create index if not exists prediction_models_variant_idx on prediction_models (variant, version desc);

-- What one model version predicted for one email: each target a ranked list of
-- {label, title, score, chain?}; `evidence` the tokens that weighed most for each top label.
create table if not exists email_predictions (
  muid bigint not null references emails (muid) on delete cascade,
  model_version integer not null references prediction_models (version) on delete cascade,
  variant text not null,
  sector jsonb not null,
  category jsonb not null,
  mailing_type jsonb not null,
  company jsonb not null,
  evidence jsonb not null,
  top_score real not null,
  scored_at timestamptz not null default now(),
  primary key (muid, model_version)
);
create index if not exists email_predictions_variant_idx on email_predictions (variant, model_version, muid);

-- Accept / Reject of a prediction. Rejections are read by the next training
-- (`used_in_version` records which version used them).
create table if not exists prediction_feedback (
  id bigserial primary key,
  muid bigint not null references emails (muid) on delete cascade,
  model_version integer,
  target text not null check (target in ('sector', 'category', 'mailing_type', 'company')),
  label text not null,
  verdict text not null check (verdict in ('accept', 'reject')),
  username text,
  created_at timestamptz not null default now(),
  used_in_version integer
);
create index if not exists prediction_feedback_muid_idx on prediction_feedback (muid);

-- Companies a reviewer keeps for an email on the predictions screen (add, delete, restore).
create table if not exists email_companies (
  id bigserial primary key,
  muid bigint not null references emails (muid) on delete cascade,
  "companyID" integer,
  "companyName" text not null,
  source text not null default 'user' check (source in ('user', 'prediction')),
  deleted smallint not null default 0 check (deleted in (0, 1)),
  created_by text,
  created_at timestamptz not null default now()
);
create index if not exists email_companies_muid_idx on email_companies (muid);
