/**
 * Where each biochemical matrix MDC ships comes from, in both languages: the result page and the
 * PDF print it in the reader's language (the matrix file keeps the English text as its `source`).
 * Keyed by the matrix id of `packages/refdata/src/biochem/matrices.ts`.
 */
export const BIOCHEM_MATRIX_SOURCES: Readonly<Record<string, Readonly<{ zh: string; en: string }>>> = Object.freeze({
  'enterobacterales-conventional': {
    en: "Bergey's Manual of Determinative Bacteriology, 9th ed. (1994), Enterobacteriaceae table (codes → % positive), refined with Farmer et al. 1985, J Clin Microbiol 21:46–76",
    zh: '《伯杰氏鉴定细菌学手册》第 9 版（1994）肠杆菌科表（符号换算为阳性百分率），并以 Farmer 等 1985 年的数据（J Clin Microbiol 21:46–76）细化',
  },
  'enterobacterales-api20e': {
    en: 'Derived per well from the conventional reactions that the API 20E wells correspond to (see each row)',
    zh: '每个小孔取自与之对应的常规生化反应（见各行的来源）',
  },
  primary: {
    en: 'Genus and species descriptions of the Manual of Clinical Microbiology (12th ed., 2019) and Cowan and Steel’s Manual (3rd ed., 1993), see each row',
    zh: '《临床微生物学手册》（第 12 版，2019）与《Cowan and Steel 医学细菌鉴定手册》（第 3 版，1993）中的属、种描述，见各行的来源',
  },
});

/** A matrix's source in the reader's language; the stored (English) text for a matrix not listed, such as a lab's own. */
export function biochemMatrixSource(id: string, stored: string, lang: 'zh' | 'en'): string {
  return BIOCHEM_MATRIX_SOURCES[id]?.[lang] ?? stored;
}

/**
 * The literature behind the genome method's species cut-off, in the reader's language, for the
 * note under the genome PDF (the English text is `GENOME_THRESHOLD_SOURCES.species` in core).
 */
export const GENOME_SPECIES_THRESHOLD_SOURCE: Readonly<{ zh: string; en: string }> = Object.freeze({
  en: 'Goris et al. 2007, Int J Syst Evol Microbiol 57:81–91; Richter & Rosselló-Móra 2009, PNAS 106:19126; Jain et al. 2018, Nat Commun 9:5114 (fastANI, with aligned fraction)',
  zh: 'Goris 等 2007（Int J Syst Evol Microbiol 57:81–91）；Richter 与 Rosselló-Móra 2009（PNAS 106:19126）；Jain 等 2018（Nat Commun 9:5114，fastANI，同时要求比对比例）',
});
