-- A call above the species names the taxon it claims (a genus: "Weissella sp.") in top_species;
-- its closest species is kept apart, so that no list heads a genus-level call with a species.
-- Calls stored before keep NULL here and their closest species as top_species (read as the genus).
ALTER TABLE blast_task ADD COLUMN top_closest TEXT;
