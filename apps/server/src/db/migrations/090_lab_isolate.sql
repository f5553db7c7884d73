-- The isolate store behind the cumulative antibiogram (CLSI M39): every isolate a user's batch
-- uploads and experiments interpreted, with the context M39 groups and filters by (WHONET's own
-- fields, each optional). Rows belong to one account; nothing here is shared.
-- dedup_key = patient + specimen number + organism + collection date: the same isolate uploaded
-- twice is one row (the later upload replaces it); NULL when the file names neither patient nor
-- specimen, so such isolates are never merged.
-- measurements: the raw results (test column or drug, method, value, potency) so that the whole
-- store can be re-read under another guideline year; results: the categories of the last reading.
CREATE TABLE lab_isolate (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  experiment_id BIGINT REFERENCES lab_experiment (id) ON DELETE SET NULL,
  source TEXT NOT NULL CHECK (source IN ('batch', 'experiment')),
  dedup_key TEXT,
  patient_id TEXT NOT NULL DEFAULT '',
  specimen_number TEXT NOT NULL DEFAULT '',
  specimen_type TEXT NOT NULL DEFAULT '',
  collection_date DATE,
  ward TEXT NOT NULL DEFAULT '',
  department TEXT NOT NULL DEFAULT '',
  setting TEXT NOT NULL DEFAULT '' CHECK (setting IN ('', 'inpatient', 'outpatient', 'emergency')),
  sex TEXT NOT NULL DEFAULT '',
  age TEXT NOT NULL DEFAULT '',
  screening BOOLEAN NOT NULL DEFAULT false,
  organism_input TEXT NOT NULL,
  organism_code TEXT NOT NULL,
  organism_name TEXT NOT NULL,
  organism_zh TEXT NOT NULL,
  gram TEXT NOT NULL DEFAULT '',
  measurements JSONB NOT NULL,
  results JSONB NOT NULL,
  alerts JSONB NOT NULL DEFAULT '[]',
  -- The guideline and year asked for at the last reading (NULL: each column's own, newest year).
  guideline TEXT,
  year INTEGER,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  read_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX lab_isolate_dedup ON lab_isolate (user_id, dedup_key);
CREATE INDEX lab_isolate_user_date ON lab_isolate (user_id, collection_date);
