-- A batch's interpreted rows kept as gzip-compressed JSON text, compressed by the server off its
-- event loop: written as JSONB, the embedded database parsed the rows of the largest batch
-- (117,000 results, 66 MB of JSON) on the server's only thread, holding every other request for
-- 9 s and more. `preview` keeps the first rows the experiment page shows. Batches written before
-- keep their `output`.
ALTER TABLE lab_batch ADD COLUMN output_gzip BYTEA;
ALTER TABLE lab_batch ADD COLUMN preview JSONB;
-- Already compressed: stored as it is, not compressed again.
ALTER TABLE lab_batch ALTER COLUMN output_gzip SET STORAGE EXTERNAL;
