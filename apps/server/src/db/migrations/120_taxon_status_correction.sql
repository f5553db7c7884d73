-- A record the project's curated corrections made accepted (the AMR list calls it a synonym of a
-- GBIF record it does not hold, which is the same binomial under its accepted authority): the
-- listed status and authority, the reason and the source, shown wherever the status is. NULL for
-- every record as the list gives it.
ALTER TABLE taxon ADD COLUMN status_correction JSONB;
