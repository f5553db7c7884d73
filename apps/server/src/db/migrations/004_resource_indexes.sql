-- Taxon lists are sorted by name (the default) or by clinical prevalence and paged: an index in
-- that order lets a page be read without sorting the whole table.
CREATE INDEX taxon_name ON taxon (name, mo);
CREATE INDEX taxon_prevalence ON taxon (prevalence, name, mo);
