import type { LocalizedText } from '../index';

/** Assembly statistics a reviewer asks for first. */
export interface AssemblyStats {
  length: number;
  contigs: number;
  /** Half the assembly lies in contigs at least this long. */
  n50: number;
  largestContig: number;
  /** Percent G+C of the unambiguous bases. */
  gcPercent: number;
  /** Percent N and other ambiguity codes. */
  nPercent: number;
}

export function assemblyStats(assembly: { contigs: readonly { length: number }[]; length: number; gc: number; ambiguous: number }): AssemblyStats {
  const lengths = assembly.contigs.map((c) => c.length).sort((a, b) => b - a);
  let sum = 0;
  let n50 = 0;
  for (const length of lengths) {
    sum += length;
    if (sum * 2 >= assembly.length) {
      n50 = length;
      break;
    }
  }
  const called = assembly.length - assembly.ambiguous;
  return {
    length: assembly.length,
    contigs: lengths.length,
    n50,
    largestContig: lengths[0] ?? 0,
    gcPercent: called > 0 ? (100 * assembly.gc) / called : 0,
    nPercent: assembly.length > 0 ? (100 * assembly.ambiguous) / assembly.length : 0,
  };
}

/** Size and GC of the called species' reference genomes. */
export interface SpeciesRange {
  species: string;
  references: number;
  lengthMin: number;
  lengthMax: number;
  gcMin: number;
  gcMax: number;
}

/**
 * Within a bacterial species, genome size varies by some tenths and G+C by about one point (it
 * is a stable trait of a species); an assembly far outside the species' references is an
 * incomplete assembly, a contaminated one, or not that species.
 */
export const QC_LIMITS = {
  /** Acceptable size: from this share of the smallest reference to this multiple of the largest. */
  sizeLow: 0.8,
  sizeHigh: 1.2,
  /** Acceptable G+C: within this many points of the references' range. */
  gcPoints: 1.0,
  /** Share of the query's fragments that resemble another genus before the hint is shown. */
  contamination: 0.05,
  /** Large drafts: more contigs than this are worth a word. */
  manyContigs: 500,
  /** Low N50 (bases). */
  lowN50: 10_000,
};

export interface QcFinding {
  code: 'size-small' | 'size-large' | 'gc-low' | 'gc-high' | 'contamination' | 'fragmented' | 'many-n';
  text: LocalizedText;
}

export interface ContaminationHint {
  /** Share (0–1) of the query's fragments that map to another genus and not to the called one. */
  share: number;
  genera: { genus: string; share: number }[];
}

export interface QcReport {
  stats: AssemblyStats;
  range: SpeciesRange | null;
  contamination: ContaminationHint | null;
  findings: QcFinding[];
}

const pct = (x: number) => (100 * x).toFixed(1);
const mbp = (x: number) => (x / 1e6).toFixed(2);

export function assessAssembly(stats: AssemblyStats, range: SpeciesRange | null, contamination: ContaminationHint | null): QcReport {
  const findings: QcFinding[] = [];
  if (range) {
    if (stats.length < QC_LIMITS.sizeLow * range.lengthMin) {
      findings.push({
        code: 'size-small',
        text: {
          zh: `组装长度 ${mbp(stats.length)} Mbp，小于 ${range.species} 参考基因组（${mbp(range.lengthMin)}–${mbp(range.lengthMax)} Mbp）：组装可能不完整。`,
          en: `The assembly (${mbp(stats.length)} Mbp) is smaller than the ${range.species} references (${mbp(range.lengthMin)}–${mbp(range.lengthMax)} Mbp): it may be incomplete.`,
        },
      });
    } else if (stats.length > QC_LIMITS.sizeHigh * range.lengthMax) {
      findings.push({
        code: 'size-large',
        text: {
          zh: `组装长度 ${mbp(stats.length)} Mbp，大于 ${range.species} 参考基因组（${mbp(range.lengthMin)}–${mbp(range.lengthMax)} Mbp）：可能混有其他菌的序列。`,
          en: `The assembly (${mbp(stats.length)} Mbp) is larger than the ${range.species} references (${mbp(range.lengthMin)}–${mbp(range.lengthMax)} Mbp): it may hold another organism's sequence.`,
        },
      });
    }
    if (stats.gcPercent < range.gcMin - QC_LIMITS.gcPoints || stats.gcPercent > range.gcMax + QC_LIMITS.gcPoints) {
      const low = stats.gcPercent < range.gcMin;
      findings.push({
        code: low ? 'gc-low' : 'gc-high',
        text: {
          zh: `GC 含量 ${stats.gcPercent.toFixed(1)}%，不在 ${range.species} 参考基因组的范围（${range.gcMin.toFixed(1)}–${range.gcMax.toFixed(1)}%）内。`,
          en: `GC content ${stats.gcPercent.toFixed(1)} % lies outside the ${range.species} references (${range.gcMin.toFixed(1)}–${range.gcMax.toFixed(1)} %).`,
        },
      });
    }
  }
  if (contamination && contamination.share >= QC_LIMITS.contamination) {
    const names = contamination.genera.map((g) => `${g.genus} ${pct(g.share)}%`).join(', ');
    findings.push({
      code: 'contamination',
      text: {
        zh: `可能污染：${pct(contamination.share)}% 的片段与其他属相近而与所鉴定的属不符（${names}）；也可能是共享的质粒或移动元件。`,
        en: `Possible contamination: ${pct(contamination.share)} % of the fragments resemble another genus and not the one called (${names}); shared plasmids or mobile elements can also do this.`,
      },
    });
  }
  if (stats.contigs > QC_LIMITS.manyContigs || stats.n50 < QC_LIMITS.lowN50) {
    findings.push({
      code: 'fragmented',
      text: {
        zh: `组装较碎（${stats.contigs} 条 contig，N50 ${stats.n50.toLocaleString('en')} bp）：短于 3 kb 的 contig 不参与 ANI 计算。`,
        en: `A fragmented assembly (${stats.contigs} contigs, N50 ${stats.n50.toLocaleString('en')} bp): contigs shorter than 3 kb take no part in the ANI.`,
      },
    });
  }
  if (stats.nPercent >= 5) {
    findings.push({
      code: 'many-n',
      text: {
        zh: `${stats.nPercent.toFixed(1)}% 的碱基为 N。`,
        en: `${stats.nPercent.toFixed(1)} % of the bases are N.`,
      },
    });
  }
  return { stats, range, contamination, findings };
}
