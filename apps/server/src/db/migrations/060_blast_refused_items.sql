-- Items of a batch the method refused (file name and reason in both languages): the task of the
-- items it accepted keeps them, so that its result page names what was left out and why.
ALTER TABLE blast_task ADD COLUMN refused JSONB;
