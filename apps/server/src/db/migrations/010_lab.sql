-- Susceptibility experiments (the Lab area). An experiment is created with status 'running' in the
-- same transaction as the job that interprets it, so that neither exists without the other; the job
-- writes one lab_result row per drug (tested or inferred by a rule) and sets 'done' or 'failed'.
-- Everything the result page shows is stored, not recomputed: a later import of newer breakpoints
-- must not change what a lab already reported.
CREATE TABLE lab_experiment (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'single' CHECK (kind IN ('single', 'batch')),
  status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  sample_name TEXT NOT NULL,
  sample_type TEXT NOT NULL DEFAULT '',
  -- The organism as typed, and what the engine matched it to (set by the job).
  organism_input TEXT NOT NULL DEFAULT '',
  organism_code TEXT,
  organism_name TEXT,
  organism_zh TEXT,
  organism_match JSONB,
  -- MIC or DISK; NULL for a batch file, which mixes both.
  method TEXT,
  -- The site of infection as chosen ('' = not site-specific).
  site TEXT NOT NULL DEFAULT '',
  -- NULL for a batch that follows the guideline of each file column.
  guideline TEXT,
  year INTEGER,
  -- What was submitted (the results as entered, or the batch file's name and counts).
  input JSONB NOT NULL,
  -- Counts by category, expert rules fired, warnings: filled in by the job.
  summary JSONB,
  error TEXT,
  job_id BIGINT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);
CREATE INDEX lab_experiment_user_created ON lab_experiment (user_id, created_at DESC, id DESC);

CREATE TABLE lab_result (
  experiment_id BIGINT NOT NULL REFERENCES lab_experiment (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  antibiotic_input TEXT NOT NULL,
  antibiotic_code TEXT,
  antibiotic_name TEXT,
  antibiotic_zh TEXT,
  method TEXT,
  value TEXT NOT NULL DEFAULT '',
  potency TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL,
  reason TEXT NOT NULL,
  category TEXT,
  -- The category before an expert rule changed it (NULL when no rule did).
  original_category TEXT,
  guideline TEXT,
  year INTEGER,
  breakpoint JSONB,
  matched_level TEXT,
  matched_group JSONB,
  explanation_zh TEXT NOT NULL,
  explanation_en TEXT NOT NULL,
  notes JSONB NOT NULL DEFAULT '[]',
  changes JSONB NOT NULL DEFAULT '[]',
  expected_resistance JSONB,
  site_used TEXT,
  inferred BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY (experiment_id, position)
);

-- The uploaded isolate file of a batch experiment and, once interpreted, its result rows. Kept in
-- the database so that any worker process can take the job.
CREATE TABLE lab_batch (
  experiment_id BIGINT PRIMARY KEY REFERENCES lab_experiment (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  format TEXT NOT NULL,
  content TEXT NOT NULL,
  output JSONB
);
