-- Fungal ITS references (IF+UNITE+INSDC): the ITS1 and ITS2 spacers cut by ITSx and whole
-- ITS1–5.8S–ITS2 sequences. Every record is imported and counted; `exclusion` says why one is no
-- evidence for identification (`short`: under 100 bases for a spacer, 300 for a whole ITS;
-- `unnamed`: `Genus_sp`), NULL for the records the ITS method searches.
CREATE TABLE its_reference (
  region TEXT NOT NULL,
  accession TEXT NOT NULL,
  lineage TEXT[] NOT NULL DEFAULT '{}',
  species TEXT NOT NULL DEFAULT '',
  taxon_mo TEXT,
  length INTEGER NOT NULL,
  sequence TEXT NOT NULL,
  line INTEGER NOT NULL,
  exclusion TEXT,
  PRIMARY KEY (region, accession)
);
CREATE INDEX its_reference_taxon ON its_reference (taxon_mo);
