-- Reference sequences are filed under the accepted name of their species (the taxonomy's
-- renamed-to chain, at import); the label as deposited in the source file is kept here when it
-- differs ('' when the label is the accepted name or unknown to the taxonomy).
ALTER TABLE reference_sequence ADD COLUMN deposited_species TEXT NOT NULL DEFAULT '';

-- A reference whose sequence sits inside another genus's cluster, far from its own genus (most
-- likely a mislabelled record): found at import, with the evidence, listed for curators and left
-- out of identification so that it cannot turn a species into a group spanning two genera.
-- NULL for every sound reference.
ALTER TABLE reference_sequence ADD COLUMN misplaced JSONB;

-- What identification searches: sound references only. Re-created because a view lists the
-- columns of its table as they were when it was made.
DROP VIEW identification_reference;
CREATE VIEW identification_reference AS SELECT * FROM reference_sequence WHERE misfiled IS NULL AND misplaced IS NULL;
