-- MALDI-TOF main spectra (MSPs) that proteome identification scores spectra against.
-- source: 'import' rows are the built-in library, replaced by every `mdc import`; 'admin' rows come
-- from `mdc maldi add` and are shared; 'user' rows belong to one account (owner_id) and only its
-- identifications use them. peaks: [[m/z, intensity, frequency], …] in increasing m/z; quality:
-- replicates merged, peaks kept and seen, replicate agreement and each replicate's score.
CREATE TABLE maldi_library (
  id BIGSERIAL PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('import', 'admin', 'user')),
  owner_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
  entry_key TEXT NOT NULL,
  species TEXT NOT NULL,
  strain TEXT NOT NULL DEFAULT '',
  taxon_mo TEXT,
  origin TEXT NOT NULL DEFAULT '',
  culture TEXT NOT NULL DEFAULT '',
  instrument TEXT NOT NULL DEFAULT '',
  replicates INTEGER NOT NULL,
  peaks JSONB NOT NULL,
  quality JSONB,
  parameters JSONB,
  replicate_files JSONB,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((source = 'user') = (owner_id IS NOT NULL))
);
CREATE INDEX maldi_library_species ON maldi_library (species);
CREATE INDEX maldi_library_taxon ON maldi_library (taxon_mo);
CREATE INDEX maldi_library_owner ON maldi_library (owner_id);
-- One entry per key and owner (shared entries count as one owner).
CREATE UNIQUE INDEX maldi_library_once ON maldi_library (coalesce(owner_id, 0), entry_key);

-- What a proteome task keeps of each spectrum for its score explanations and the PDF: the query's
-- peaks and its processed profile thinned for drawing ([[m/z, intensity], …]).
CREATE TABLE proteome_task_spectrum (
  task_id TEXT NOT NULL REFERENCES blast_task (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  peaks JSONB NOT NULL,
  profile JSONB,
  PRIMARY KEY (task_id, position)
);

-- The main spectra a task's hits name, as they were when it ran: explanations stay true after the
-- library changes (an entry deleted, a new import).
CREATE TABLE proteome_task_reference (
  task_id TEXT NOT NULL REFERENCES blast_task (id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  species TEXT NOT NULL,
  strain TEXT NOT NULL DEFAULT '',
  origin TEXT NOT NULL DEFAULT '',
  peaks JSONB NOT NULL,
  PRIMARY KEY (task_id, entry_id)
);
