-- What the Lab reads beyond WHONET's tables, written by the import: organism names by the
-- taxonomy (current names, synonyms, species of a genus WHONET knows as "Genus sp."), drug names
-- by the AMR package's codes, abbreviations and synonyms (antimicrobials.tsv), each to its WHONET
-- code (kind organism / antibiotic); and the EUCAST dosages behind the breakpoints (kind dosage,
-- the dosage in detail).
CREATE TABLE ast_reference (
  line INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  code TEXT NOT NULL,
  detail JSONB
);
