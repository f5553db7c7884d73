-- Reference genomes for whole-genome identification. Kept as 2-bit sequence with N runs (a quarter
-- of the seed sketch it is sketched into when loaded), with what the taxon pages and the QC show.
-- source: 'import' rows are replaced by every `mdc import`; 'admin' rows come from `mdc genome add`
-- and are shared; 'user' rows belong to one account (owner_id) and only its identifications use them.
CREATE TABLE genome_reference (
  id BIGSERIAL PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('import', 'admin', 'user')),
  owner_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
  file TEXT NOT NULL,
  species TEXT NOT NULL,
  strain TEXT NOT NULL DEFAULT '',
  accession TEXT NOT NULL DEFAULT '',
  taxon_mo TEXT,
  length INTEGER NOT NULL,
  contigs INTEGER NOT NULL,
  n50 INTEGER NOT NULL,
  gc_percent DOUBLE PRECISION NOT NULL,
  contig_names TEXT[] NOT NULL,
  contig_lengths INTEGER[] NOT NULL,
  md5 TEXT NOT NULL,
  sequence BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((source = 'user') = (owner_id IS NOT NULL))
);
CREATE INDEX genome_reference_species ON genome_reference (species);
CREATE INDEX genome_reference_taxon ON genome_reference (taxon_mo);
CREATE INDEX genome_reference_owner ON genome_reference (owner_id);
-- The same genome once per owner (shared references count as one owner).
CREATE UNIQUE INDEX genome_reference_once ON genome_reference (coalesce(owner_id, 0), md5);
