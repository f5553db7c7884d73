-- Identification tasks (Blast): one task per submission, one row per submitted sequence.
--
-- The task id is the result link (/blast/res?id=…): random and unguessable, because a task of
-- an anonymous user is shown to whoever holds its link. Such a task also carries the hash of a
-- second secret that only the submitting browser keeps; presenting it after logging in moves the
-- task into that account's history (and the link then works for the owner only).
--
-- The task status follows its job: 'running' while the job is queued, running or waiting for a
-- retry, 'failed' only when the job has failed for good or every sequence was refused.
CREATE TABLE blast_task (
  id TEXT PRIMARY KEY,
  user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
  claim_token_hash TEXT UNIQUE,
  marker TEXT NOT NULL CHECK (marker IN ('16S', '18S')),
  status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  source TEXT NOT NULL CHECK (source IN ('text', 'file')),
  file_name TEXT,
  sequence_count INTEGER NOT NULL,
  job_id BIGINT,
  -- Why the task failed, in both languages, so a language switch needs no new request.
  error_zh TEXT,
  error_en TEXT,
  -- For the history list: the best hit over the task's sequences, and how many were identified.
  top_species TEXT,
  top_similarity DOUBLE PRECISION,
  top_level TEXT,
  identified_count INTEGER,
  -- Which reference set answered (import id and sequence count) and how long the search took.
  reference_version TEXT,
  reference_count INTEGER,
  search_ms INTEGER,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  started_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ
);
CREATE INDEX blast_task_user_created ON blast_task (user_id, created_at DESC);

CREATE TABLE blast_sequence (
  task_id TEXT NOT NULL REFERENCES blast_task (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  query_id TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  sequence TEXT NOT NULL,
  length INTEGER NOT NULL,
  -- The engine's result for this sequence as it returned it (hits with alignments, ties,
  -- confidence, or the refusal), with the taxon id of each hit's species added.
  result JSONB,
  PRIMARY KEY (task_id, position)
);
