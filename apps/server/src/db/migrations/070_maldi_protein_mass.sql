-- Theoretical protein masses for library-free MALDI-TOF identification (BacteriaMSLF: Cheng, Qiao &
-- Horvatovich 2018; BSD-2), replaced by every `mdc import` that finds `maldi/bacteriamslf/`.
-- One row per species: proteins = [[gene, mw], …] as the source lists them (mw: average molecular
-- weight of the precursor, Da). gene weights: the authors' trained weights (weight.csv, mean).
CREATE TABLE maldi_protein_species (
  genus TEXT NOT NULL,
  species TEXT NOT NULL,
  proteins JSONB NOT NULL,
  PRIMARY KEY (genus, species)
);
CREATE TABLE maldi_gene_weight (
  gene TEXT PRIMARY KEY,
  weight DOUBLE PRECISION NOT NULL
);
