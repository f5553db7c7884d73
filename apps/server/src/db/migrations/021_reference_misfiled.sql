-- A reference filed under one marker whose sequence is a gene of the other (e.g. a yeast 18S gene in
-- a bacterial genome contig filed as 16S): found at import, kept for the taxon pages with the
-- reason, left out of identification. NULL for every sound reference.
ALTER TABLE reference_sequence ADD COLUMN misfiled JSONB;

-- What identification searches, counts and offers as a sample: one definition for every query.
CREATE VIEW identification_reference AS SELECT * FROM reference_sequence WHERE misfiled IS NULL;
