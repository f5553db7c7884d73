-- The reference shelf: public data imported by `mdc import` (taxonomy, WHONET tables, EUCAST
-- rules, reference sequences) and the project's curated Chinese names. Every table is replaced
-- as a whole by one import transaction, so rows carry the source line where that helps a
-- person find them in the file; entity keys (taxon `mo`, drug code, accession) stay stable
-- across imports because pages link to them.
--
-- Tables that feed the AST engine keep the parser's record as JSONB beside the queryable
-- columns: the engine is rebuilt from exactly what the parser produced, even when the parser
-- gains fields the columns do not have.

CREATE TABLE refdata_import (
  id SERIAL PRIMARY KEY,
  -- Hash of the source files: importing the same files again changes nothing.
  fingerprint TEXT NOT NULL,
  source_dir TEXT NOT NULL,
  counts JSONB NOT NULL,
  duration_ms INTEGER NOT NULL,
  imported_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE taxon (
  mo TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_zh TEXT,
  status TEXT NOT NULL,
  rank TEXT NOT NULL,
  kingdom TEXT,
  phylum TEXT,
  class TEXT,
  "order" TEXT,
  family TEXT,
  genus TEXT,
  species TEXT,
  subspecies TEXT,
  author TEXT,
  source TEXT NOT NULL,
  lpsn_id TEXT,
  lpsn_parent_id TEXT,
  lpsn_renamed_to TEXT,
  gbif_id TEXT,
  gbif_parent_id TEXT,
  gbif_renamed_to TEXT,
  -- 1 = commonly isolated from humans … 2 = rare; ranks search results.
  prevalence DOUBLE PRECISION NOT NULL,
  snomed TEXT[] NOT NULL DEFAULT '{}',
  -- Resolved at import from ids, then lineage names.
  parent_mo TEXT,
  -- The accepted name this record resolves to (itself when accepted); NULL when the chain breaks.
  current_mo TEXT,
  line INTEGER NOT NULL
);
CREATE INDEX taxon_name_lower ON taxon (lower(name) text_pattern_ops);
CREATE INDEX taxon_rank_name ON taxon (rank, name);
CREATE INDEX taxon_parent ON taxon (parent_mo);
CREATE INDEX taxon_current ON taxon (current_mo);

-- Laboratory codes and abbreviations naming taxa (microorganisms.codes.tsv).
CREATE TABLE taxon_code (
  code TEXT PRIMARY KEY,
  mo TEXT NOT NULL,
  line INTEGER NOT NULL
);
CREATE INDEX taxon_code_mo ON taxon_code (mo);

-- WHONET Organisms.txt: one row per name (a code has its current name and older ones).
CREATE TABLE whonet_organism (
  line INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  taxonomic_status TEXT NOT NULL,
  replaced_by TEXT NOT NULL DEFAULT '',
  organism_type TEXT NOT NULL DEFAULT '',
  anaerobe BOOLEAN NOT NULL DEFAULT false,
  subkingdom_code TEXT NOT NULL DEFAULT '',
  family_code TEXT NOT NULL DEFAULT '',
  genus_group TEXT NOT NULL DEFAULT '',
  genus_code TEXT NOT NULL DEFAULT '',
  species_group TEXT NOT NULL DEFAULT '',
  serovar_group TEXT NOT NULL DEFAULT '',
  common BOOLEAN NOT NULL DEFAULT false,
  kingdom TEXT NOT NULL DEFAULT '',
  phylum TEXT NOT NULL DEFAULT '',
  class TEXT NOT NULL DEFAULT '',
  "order" TEXT NOT NULL DEFAULT '',
  family TEXT NOT NULL DEFAULT '',
  genus TEXT NOT NULL DEFAULT '',
  name_zh TEXT,
  -- The taxon of the same name (WHONET's "ss."/"sp." spellings normalised), when there is one.
  taxon_mo TEXT,
  record JSONB NOT NULL
);
CREATE INDEX whonet_organism_code ON whonet_organism (lower(code));
CREATE INDEX whonet_organism_taxon ON whonet_organism (taxon_mo);

-- One row per drug code, merged from WHONET Antibiotics.txt rows (one per disk content).
CREATE TABLE antibiotic (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_zh TEXT,
  zh_aliases TEXT[] NOT NULL DEFAULT '{}',
  -- Other English names WHONET uses for the same code.
  en_aliases TEXT[] NOT NULL DEFAULT '{}',
  -- WHO, DIN, JAC, EUCAST and user codes.
  other_codes TEXT[] NOT NULL DEFAULT '{}',
  atc_code TEXT NOT NULL DEFAULT '',
  class TEXT NOT NULL DEFAULT '',
  subclass TEXT NOT NULL DEFAULT '',
  prof_class TEXT NOT NULL DEFAULT '',
  aware TEXT NOT NULL DEFAULT '',
  cia_category TEXT NOT NULL DEFAULT '',
  potencies TEXT[] NOT NULL DEFAULT '{}',
  guidelines TEXT[] NOT NULL DEFAULT '{}',
  human BOOLEAN NOT NULL DEFAULT false,
  veterinary BOOLEAN NOT NULL DEFAULT false,
  breakpoint_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE antibiotic_row (
  line INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  potency TEXT NOT NULL DEFAULT '',
  record JSONB NOT NULL
);
CREATE INDEX antibiotic_row_code ON antibiotic_row (code);

CREATE TABLE breakpoint (
  line INTEGER PRIMARY KEY,
  guideline TEXT NOT NULL,
  year INTEGER NOT NULL,
  method TEXT NOT NULL,
  potency TEXT NOT NULL DEFAULT '',
  organism_code TEXT NOT NULL,
  organism_code_type TEXT NOT NULL DEFAULT '',
  breakpoint_type TEXT NOT NULL,
  host TEXT NOT NULL DEFAULT '',
  site_of_infection TEXT NOT NULL DEFAULT '',
  reference_table TEXT NOT NULL DEFAULT '',
  reference_sequence DOUBLE PRECISION,
  antibiotic_code TEXT NOT NULL,
  whonet_test TEXT NOT NULL DEFAULT '',
  r DOUBLE PRECISION,
  i TEXT NOT NULL DEFAULT '',
  sdd TEXT NOT NULL DEFAULT '',
  s DOUBLE PRECISION,
  ecoff DOUBLE PRECISION,
  date_entered TEXT NOT NULL DEFAULT '',
  date_modified TEXT NOT NULL DEFAULT '',
  comments TEXT NOT NULL DEFAULT '',
  record JSONB NOT NULL
);
CREATE INDEX breakpoint_guideline_year ON breakpoint (guideline, year);
CREATE INDEX breakpoint_antibiotic ON breakpoint (antibiotic_code);
CREATE INDEX breakpoint_organism ON breakpoint (upper(organism_code), organism_code_type);

CREATE TABLE expected_resistance (
  line INTEGER PRIMARY KEY,
  guideline TEXT NOT NULL,
  reference_table TEXT NOT NULL DEFAULT '',
  organism_code TEXT NOT NULL,
  organism_code_type TEXT NOT NULL,
  exception_organism_codes TEXT[] NOT NULL DEFAULT '{}',
  exception_organism_code_type TEXT NOT NULL DEFAULT '',
  antibiotic_code TEXT NOT NULL,
  antibiotic_code_type TEXT NOT NULL,
  antibiotic_exceptions TEXT[] NOT NULL DEFAULT '{}',
  comments TEXT NOT NULL DEFAULT '',
  record JSONB NOT NULL
);
CREATE INDEX expected_resistance_organism ON expected_resistance (upper(organism_code), organism_code_type);

-- WHONET ExpertInterpretationRules.txt.
CREATE TABLE expert_rule (
  line INTEGER PRIMARY KEY,
  rule_code TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  organism_code TEXT NOT NULL,
  organism_code_type TEXT NOT NULL,
  criteria TEXT NOT NULL,
  affected_antibiotics TEXT[] NOT NULL DEFAULT '{}',
  antibiotic_exceptions TEXT[] NOT NULL DEFAULT '{}',
  record JSONB NOT NULL
);

-- The AMR package's EUCAST expert rules and intrinsic resistance table.
CREATE TABLE eucast_rule (
  line INTEGER PRIMARY KEY,
  organism_property TEXT NOT NULL,
  operator TEXT NOT NULL,
  value TEXT NOT NULL,
  if_antibiotics TEXT[] NOT NULL DEFAULT '{}',
  if_values TEXT[] NOT NULL DEFAULT '{}',
  then_antibiotics TEXT[] NOT NULL DEFAULT '{}',
  to_value TEXT NOT NULL DEFAULT '',
  reference TEXT NOT NULL DEFAULT '',
  rule_group TEXT NOT NULL DEFAULT '',
  version TEXT NOT NULL DEFAULT '',
  note TEXT NOT NULL DEFAULT '',
  record JSONB NOT NULL
);

CREATE TABLE qc_range (
  line INTEGER PRIMARY KEY,
  guideline TEXT NOT NULL,
  year INTEGER NOT NULL,
  strain TEXT NOT NULL,
  reference_table TEXT NOT NULL DEFAULT '',
  organism_code TEXT NOT NULL DEFAULT '',
  antibiotic_name TEXT NOT NULL DEFAULT '',
  antibiotic_test TEXT NOT NULL DEFAULT '',
  antibiotic_code TEXT NOT NULL,
  method TEXT NOT NULL,
  medium TEXT NOT NULL DEFAULT '',
  minimum DOUBLE PRECISION NOT NULL,
  maximum DOUBLE PRECISION,
  comments TEXT NOT NULL DEFAULT '',
  record JSONB NOT NULL
);
CREATE INDEX qc_range_antibiotic ON qc_range (antibiotic_code);

-- 16S / 18S rRNA reference sequences for identification.
CREATE TABLE reference_sequence (
  marker TEXT NOT NULL,
  accession TEXT NOT NULL,
  header TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- Kingdom … genus, species as written in the FASTA header.
  lineage TEXT[] NOT NULL DEFAULT '{}',
  species TEXT NOT NULL DEFAULT '',
  taxon_mo TEXT,
  length INTEGER NOT NULL,
  sequence TEXT NOT NULL,
  -- Line of the header in the FASTA file: the reference set keeps its order (type strains first).
  line INTEGER NOT NULL,
  PRIMARY KEY (marker, accession)
);
CREATE INDEX reference_sequence_taxon ON reference_sequence (taxon_mo);

-- The project's curated Chinese names (packages/refdata/names), with their source.
CREATE TABLE chinese_name_antibiotic (
  code TEXT PRIMARY KEY,
  en TEXT NOT NULL,
  zh TEXT NOT NULL,
  aliases TEXT[] NOT NULL DEFAULT '{}',
  source TEXT NOT NULL
);

CREATE TABLE chinese_name_organism (
  name TEXT PRIMARY KEY,
  rank TEXT NOT NULL,
  zh TEXT NOT NULL,
  aliases TEXT[] NOT NULL DEFAULT '{}',
  source TEXT NOT NULL
);
