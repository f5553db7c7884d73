import { MLST_DEFAULT_EXCLUDED } from './engine';

/**
 * Which PubMLST scheme types an identified species. `scheme_species_map.tab` (bundled with
 * `mlst`) names schemes by genus and species, but PubMLST renamed several schemes since it was
 * written (its `kpneumoniae` is the folder `klebsiella`, its `ecoli` is Achtman's scheme, now
 * `ecoli_achtman_4`, while today's `ecoli` is the Pasteur scheme): those names are translated
 * below. Where a species has two schemes, the one `mlst` and Kleborate report by default wins
 * (Achtman for E. coli, Pasteur for A. baumannii, Achtman's 7 genes for Salmonella, the
 * Klebsiella scheme of the whole K. pneumoniae species complex).
 */
export interface SchemeSpeciesEntry {
  scheme: string;
  genus: string;
  /** Empty for a scheme of the whole genus. */
  species: string;
}

/** Names in the species map → the scheme folder that holds that scheme today (null: no longer bundled). */
const RENAMED: Record<string, string | null> = {
  ecoli: 'ecoli_achtman_4',
  ecoli_2: 'ecoli',
  kpneumoniae: 'klebsiella',
  senterica: 'salmonella',
  lmonocytogenes: 'listeria_2',
  mcatarrhalis: 'mcatarrhalis_achtman_6',
  hpylori: 'helicobacter',
  bordetella: 'bordetella_3',
  blicheniformis: 'blicheniformis_14',
  pacnes: 'pacnes_3',
  slugdunensis: 'staphlugdunensis',
  ypseudotuberculosis: 'ypseudotuberculosis_achtman_3',
  sthermophilus_2: null,
  cdifficile_2: null,
  haemophilus: null,
};

/**
 * Species and genera the map lacks although a bundled scheme covers them: Shigella inside E. coli
 * (Achtman's scheme types Shigella, EnteroBase does), the K. pneumoniae species complex
 * (Kleborate's scheme for K. pneumoniae, K. variicola, K. quasipneumoniae …), and genus schemes
 * added to PubMLST after the map was written.
 */
const EXTRA: SchemeSpeciesEntry[] = [
  { scheme: 'ecoli_achtman_4', genus: 'Shigella', species: '' },
  { scheme: 'klebsiella', genus: 'Klebsiella', species: 'variicola' },
  { scheme: 'klebsiella', genus: 'Klebsiella', species: 'quasipneumoniae' },
  { scheme: 'klebsiella', genus: 'Klebsiella', species: 'quasivariicola' },
  { scheme: 'klebsiella', genus: 'Klebsiella', species: 'africana' },
  { scheme: 'kaerogenes', genus: 'Klebsiella', species: 'aerogenes' },
  { scheme: 'kaerogenes', genus: 'Enterobacter', species: 'aerogenes' },
  { scheme: 'koxytoca', genus: 'Klebsiella', species: 'michiganensis' },
  { scheme: 'koxytoca', genus: 'Klebsiella', species: 'grimontii' },
  { scheme: 'ecloacae', genus: 'Enterobacter', species: 'hormaechei' },
  { scheme: 'ecloacae', genus: 'Enterobacter', species: 'kobei' },
  { scheme: 'ecloacae', genus: 'Enterobacter', species: 'asburiae' },
  { scheme: 'morganella', genus: 'Morganella', species: '' },
  { scheme: 'proteus', genus: 'Proteus', species: '' },
  { scheme: 'providencia', genus: 'Providencia', species: '' },
  { scheme: 'serratia', genus: 'Serratia', species: '' },
  { scheme: 'smaltophilia', genus: 'Stenotrophomonas', species: 'maltophilia' },
  { scheme: 'yersinia', genus: 'Yersinia', species: '' },
  { scheme: 'bfragilis', genus: 'Bacteroides', species: 'fragilis' },
];

/**
 * The schemes for a species name ("Klebsiella pneumoniae", "Salmonella enterica serovar Typhi",
 * "Shigella sonnei"): the species' own schemes, else its genus's; `mlst`'s excluded alternatives
 * only when nothing else is left. Empty when no bundled scheme covers it.
 */
export function schemesForSpecies(name: string, map: readonly SchemeSpeciesEntry[], available: readonly string[]): string[] {
  const [genus = '', species = ''] = name.trim().split(/\s+/);
  const present = new Set(available);
  const current = (scheme: string) => (scheme in RENAMED ? RENAMED[scheme] : scheme);
  const rows = [...map.map((r) => ({ ...r, scheme: current(r.scheme) ?? '' })), ...EXTRA].filter((r) => present.has(r.scheme) && r.genus.toLowerCase() === genus.toLowerCase());
  const own = rows.filter((r) => r.species && r.species.toLowerCase() === species.toLowerCase());
  const chosen = own.length > 0 ? own : rows.filter((r) => !r.species);
  const schemes = [...new Set(chosen.map((r) => r.scheme))];
  const preferred = schemes.filter((s) => !MLST_DEFAULT_EXCLUDED.includes(s));
  return preferred.length > 0 ? preferred : schemes;
}
