-- One identification frame for every method: a task names its method (16S, 18S, genome, proteome,
-- biochem, morphology) instead of a marker gene. Existing 16S/18S tasks keep their value, which
-- is their method. Which methods exist is the application's registry, not a constraint here, so
-- that a new method needs no change to this table.
ALTER TABLE blast_task RENAME COLUMN marker TO method;
ALTER TABLE blast_task DROP CONSTRAINT IF EXISTS blast_task_marker_check;
-- sequence_count now counts the task's items: sequences, assemblies, spectra or profiles.
ALTER TABLE blast_task RENAME COLUMN sequence_count TO item_count;
-- What a method keeps of its input (sample name, sizes, panel) and of its answer, when it needs no
-- table of its own; and what the history shows beside the call (group members, a note).
ALTER TABLE blast_task ADD COLUMN input JSONB;
ALTER TABLE blast_task ADD COLUMN result JSONB;
ALTER TABLE blast_task ADD COLUMN summary JSONB;
CREATE INDEX blast_task_user_method_created ON blast_task (user_id, method, created_at DESC);

-- Uploaded files a job reads (an assembly, spectra): written with the task in one transaction,
-- so that a worker on another machine finds them; deleted with it.
CREATE TABLE blast_input (
  task_id TEXT NOT NULL REFERENCES blast_task (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  content BYTEA NOT NULL,
  PRIMARY KEY (task_id, position)
);
