-- The client (its address, an IPv6 client by its /64) an anonymous identification came from, so
-- that the uploads kept for it without an account count against that client's quota
-- (BLAST_ANONYMOUS_UPLOAD_MB) as well as all anonymous uploads together (issue 28).
ALTER TABLE blast_task ADD COLUMN client TEXT;
CREATE INDEX blast_task_anonymous_client ON blast_task (client) WHERE user_id IS NULL;
