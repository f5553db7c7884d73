/**
 * The identification frame's shared vocabulary. Every method (16S/18S rRNA genes, whole genomes,
 * MALDI-TOF spectra, biochemical panels, morphology) is a folder beside this file with its own
 * engine (ITS reuses the 16S/18S one); what they share is only this: which methods exist, how they speak, and the one-line
 * call a history row shows.
 */

export const IDENTIFICATION_METHODS = ['16S', '18S', 'ITS', 'genome', 'proteome', 'biochem', 'morphology'] as const;
export type IdentificationMethod = (typeof IDENTIFICATION_METHODS)[number];

export type Language = 'zh' | 'en';
export type LocalizedText = Record<Language, string>;

/**
 * What a finished identification is called, for lists: the taxon it claims, the method's own
 * figure of merit and the level it supports. `name` is the claimed taxon: a species, a species
 * complex or group, the species of a group joined by " / ", and at genus level the genus itself
 * (never its closest species: the headline is "<Genus> sp.", see `callHeadline`). `closest` is the
 * closest species when the call claims less than a species. `measure` names the figure: percent
 * similarity of a marker gene, percent ANI, a MALDI log score (0–3), or percent ID of a
 * biochemical profile.
 */
export interface IdentificationCall {
  name: string;
  value: number | null;
  measure: 'similarity' | 'ani' | 'logScore' | 'percentId';
  level: string;
  /** The closest species of a call above the species (a genus, a family): shown as "closest", never as the call. */
  closest?: string | null;
}

/** The rank a call claims, whatever the method calls its levels. */
export type ClaimedRank = 'species' | 'species-group' | 'genus' | 'family' | 'none';

/**
 * The rank a call claims. Levels that say it (`genus`, a MALDI `genus-group`, `family`,
 * `species-group`, `none`) decide; any other level (a species, a subspecies, a biochemical
 * profile's quality) names what its name names: a name of one word is a genus.
 */
export function claimedRank(call: Pick<IdentificationCall, 'name' | 'level'>): ClaimedRank {
  switch (call.level) {
    case 'genus':
    case 'genus-group':
      return 'genus';
    case 'family':
      return 'family';
    case 'species-group':
      return 'species-group';
    case 'none':
      return 'none';
  }
  if (!call.name.trim()) return 'none';
  return /^[A-Z][a-z]+$/.test(call.name.trim()) ? 'genus' : 'species';
}

/**
 * A call as it claims: a genus-level call stored with its closest species as the name (before
 * calls carried `closest`) becomes the genus, with that species as `closest`.
 */
export function claimedCall<T extends Pick<IdentificationCall, 'name' | 'level' | 'closest'>>(call: T): T {
  const rank = claimedRank(call);
  if (call.closest) return call;
  // No reliable identification claims no taxon: a species stored as its name was only the closest.
  if (rank === 'none') return call.name.includes(' ') ? { ...call, name: '', closest: call.name } : call;
  if (rank !== 'genus') return call;
  const names = call.name.split(' / ').map((n) => n.trim());
  if (!names.some((n) => n.includes(' '))) return call;
  const genera = [...new Set(names.map((n) => n.split(/\s+/)[0]!))];
  return { ...call, name: genera.join(' / '), closest: names[0]! };
}

/** A piece of a headline: taxon names are italic, the words around them are not. */
export interface HeadlinePart {
  text: string;
  italic: boolean;
}

/**
 * The headline of a call, in pieces: a species (or complex, or a group's species) as named; a
 * genus as "Weissella sp." ("Weissella 属未定种"); a family as "Enterobacteriaceae, genus not
 * determined" ("Enterobacteriaceae 科未定属"); nothing for no call. Every method's page, history,
 * CSV, PDF and command line head the call with this text.
 */
export function callHeadlineParts(call: Pick<IdentificationCall, 'name' | 'level'>, lang: Language): HeadlinePart[] {
  const rank = claimedRank(call);
  const name = call.name.trim();
  if (rank === 'none' || !name) return [];
  const names = name.split(' / ').map((n) => n.trim()).filter(Boolean);
  if (rank === 'genus') {
    // A name stored as the closest species reads as its genus.
    const genera = [...new Set(names.map((n) => n.split(/\s+/)[0]!))];
    if (lang === 'zh') return [...joined(genera), { text: ' 属未定种', italic: false }];
    return genera.flatMap((g, i) => [...(i > 0 ? [{ text: ' / ', italic: false }] : []), { text: g, italic: true }, { text: ' sp.', italic: false }]);
  }
  if (rank === 'family') return [...joined(names), { text: lang === 'zh' ? ' 科未定属' : ', genus not determined', italic: false }];
  return joined(names);
}

function joined(names: readonly string[]): HeadlinePart[] {
  return names.flatMap((n, i) => [...(i > 0 ? [{ text: ' / ', italic: false }] : []), { text: n, italic: true }]);
}

/** The headline of a call as one text (see `callHeadlineParts`): "Weissella sp.". */
export function callHeadline(call: Pick<IdentificationCall, 'name' | 'level'>, lang: Language): string {
  return callHeadlineParts(call, lang)
    .map((p) => p.text)
    .join('');
}

/** "closest: Weissella cibaria" — what a call above the species says under its headline. */
export const CLOSEST_LABEL: LocalizedText = { en: 'closest', zh: '最接近' };

/**
 * What settles the species when a method's call stops above it (a genus, a family, a species
 * group): the next method to use, as a microbiology laboratory would.
 */
export const NEXT_STEPS: Readonly<Record<IdentificationMethod, LocalizedText>> = {
  '16S': {
    en: 'Next step: the 16S rRNA gene does not separate the species here. Sequence another gene (rpoB, gyrB, recA or tuf, as the genus needs), identify by MALDI-TOF MS, or sequence the genome (ANI ≥ 95–96 % names the species).',
    zh: '下一步：16S rRNA 基因在此不能区分种。可测序其他基因（按属选 rpoB、gyrB、recA 或 tuf），用 MALDI-TOF MS 鉴定，或做全基因组测序（ANI ≥ 95–96% 可定种）。',
  },
  '18S': {
    en: 'Next step: the 18S rRNA gene is the least resolving fungal marker. Sequence the ITS region (the fungal barcode), then TEF1-α, β-tubulin or calmodulin as the genus needs, or identify by MALDI-TOF MS with a fungal library.',
    zh: '下一步：18S rRNA 基因是分辨力最低的真菌标记。请测序 ITS 区（真菌条形码），必要时按属加测 TEF1-α、β-微管蛋白或钙调蛋白，或用含真菌库的 MALDI-TOF MS 鉴定。',
  },
  ITS: {
    en: 'Next step: ITS does not separate the species here. Sequence a secondary barcode of the genus (TEF1-α for Fusarium, β-tubulin or calmodulin for Aspergillus and Penicillium, RPB2), or identify by MALDI-TOF MS with a fungal library.',
    zh: '下一步：ITS 在此不能区分种。请按属测序第二条形码（镰刀菌用 TEF1-α，曲霉和青霉用 β-微管蛋白或钙调蛋白，或 RPB2），或用含真菌库的 MALDI-TOF MS 鉴定。',
  },
  genome: {
    en: 'Next step: no reference genome reaches the species threshold (ANI 95 %); the isolate may belong to a species missing from the references, or to a new one. Compare it with the type strains of the genus in a complete genome database (GTDB-Tk, or TYGS with dDDH).',
    zh: '下一步：没有参考基因组达到种的界值（ANI 95%），该菌株可能属于参考库未收录的种或新种。请与该属模式菌株在完整的基因组数据库中比较（GTDB-Tk，或 TYGS 的 dDDH）。',
  },
  proteome: {
    en: 'Next step: repeat the spot with formic-acid extraction (or from a fresh culture); if it stays at genus level, sequence the 16S rRNA gene (ITS for fungi) or the genome.',
    zh: '下一步：用甲酸提取法（或新鲜培养物）重新点靶；仍为属水平时，测序 16S rRNA 基因（真菌测 ITS）或全基因组。',
  },
  biochem: {
    en: 'Next step: the biochemical panel does not settle the species; identify by MALDI-TOF MS or by 16S rRNA gene sequencing (ITS for fungi).',
    zh: '下一步：生化反应不能确定到种，请用 MALDI-TOF MS 或 16S rRNA 基因测序（真菌测 ITS）鉴定。',
  },
  morphology: {
    en: 'Next step: morphology and the primary tests do not settle the species; use a biochemical panel, MALDI-TOF MS or 16S rRNA gene sequencing.',
    zh: '下一步：形态学与初步试验不能确定到种，请用生化鉴定板、MALDI-TOF MS 或 16S rRNA 基因测序鉴定。',
  },
};

/** The next step after a call that stops above the species (genus, family, species group); null for a species or no call. */
export function nextStep(method: IdentificationMethod, call: Pick<IdentificationCall, 'name' | 'level'> | null | undefined): LocalizedText | null {
  if (!call) return null;
  const rank = claimedRank(call);
  return rank === 'genus' || rank === 'family' || rank === 'species-group' ? NEXT_STEPS[method] : null;
}

/**
 * One line for exports and the command line: the headline and, above the species, its closest
 * species — "Weissella sp. (closest: Weissella cibaria)".
 */
export function callLine(call: Pick<IdentificationCall, 'name' | 'level' | 'closest'>, lang: Language): string {
  const claimed = claimedCall(call);
  const headline = callHeadline(claimed, lang);
  const closest = claimed.closest && claimedRank(claimed) !== 'species' ? claimed.closest : null;
  if (!closest) return headline;
  // No taxon claimed: the closest species is all the line says.
  if (!headline) return `${CLOSEST_LABEL[lang]}${lang === 'zh' ? '：' : ': '}${closest}`;
  return lang === 'zh' ? `${headline}（${CLOSEST_LABEL.zh}：${closest}）` : `${headline} (${CLOSEST_LABEL.en}: ${closest})`;
}

export function isIdentificationMethod(value: string): value is IdentificationMethod {
  return (IDENTIFICATION_METHODS as readonly string[]).includes(value);
}
