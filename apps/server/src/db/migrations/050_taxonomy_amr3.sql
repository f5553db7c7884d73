-- The AMR 3.0.0 taxonomy (LPSN, MycoBank, GBIF): MycoBank ids for fungi, oxygen tolerance,
-- and the file a retired record (a code the current table dropped) comes from.
ALTER TABLE taxon ADD COLUMN mycobank_id TEXT;
ALTER TABLE taxon ADD COLUMN mycobank_parent_id TEXT;
ALTER TABLE taxon ADD COLUMN mycobank_renamed_to TEXT;
ALTER TABLE taxon ADD COLUMN oxygen_tolerance TEXT;
ALTER TABLE taxon ADD COLUMN retired_from TEXT;
