-- Where a 16S/18S sequence came from when it was not typed: a Sanger chromatogram (.ab1) with its
-- file name, the tags read and what quality trimming cut (see apps/server/src/blast/rrna/schemas.ts).
-- NULL for pasted or FASTA sequences.
ALTER TABLE blast_sequence ADD COLUMN read JSONB;
