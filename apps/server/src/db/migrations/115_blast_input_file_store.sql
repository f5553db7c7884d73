-- Uploads on the embedded database (PGlite) live as files under MDC_HOME/uploads, named by their
-- SHA-256: PGlite runs in the server's own thread, so every megabyte written into or read from a
-- row held up all other requests (issue 17, R2). The row keeps the file's place, size and hash.
-- A PostgreSQL server keeps the bytes in `content`, as before: its workers may run on other
-- machines, and the server does that work in its own processes.
ALTER TABLE blast_input ALTER COLUMN content DROP NOT NULL;
ALTER TABLE blast_input ADD COLUMN stored_path TEXT;
ALTER TABLE blast_input ADD COLUMN size BIGINT;
ALTER TABLE blast_input ADD COLUMN sha256 TEXT;
ALTER TABLE blast_input ADD CONSTRAINT blast_input_bytes_somewhere CHECK (content IS NOT NULL OR stored_path IS NOT NULL);
CREATE INDEX blast_input_stored_path ON blast_input (stored_path) WHERE stored_path IS NOT NULL;
