-- Acquired resistance genes of ResFinder's database (one row per allele, `blaKPC-2_1_AY034847`;
-- the 9 alleles ResFinder files under two classes, aac(6')-Ib-cr in aminoglycoside and quinolone, once with both files)
-- with phenotypes.txt's class, drugs, PMIDs and mechanism; `drug_codes` are MDC's drug codes of
-- the drugs ResFinder names (the rest stay in `drugs` as written), `family` groups alleles
-- (blaKPC-2 → blaKPC), and the AMRFinderPlus symbol or family node names the same gene where one maps.
CREATE TABLE resistance_gene (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  variant INTEGER NOT NULL,
  accession TEXT NOT NULL,
  family TEXT NOT NULL,
  sort_key TEXT NOT NULL,
  db_classes TEXT[] NOT NULL DEFAULT '{}',
  classes TEXT[] NOT NULL DEFAULT '{}',
  drugs TEXT[] NOT NULL DEFAULT '{}',
  drug_codes TEXT[] NOT NULL DEFAULT '{}',
  pmids TEXT[] NOT NULL DEFAULT '{}',
  mechanism TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  required_gene TEXT NOT NULL DEFAULT '',
  length INTEGER NOT NULL,
  amrfinder_symbol TEXT,
  amrfinder_level TEXT,
  amrfinder_class TEXT,
  amrfinder_subclass TEXT,
  amrfinder_name TEXT
);
CREATE INDEX resistance_gene_name ON resistance_gene (name);
CREATE INDEX resistance_gene_order ON resistance_gene (family, sort_key);
