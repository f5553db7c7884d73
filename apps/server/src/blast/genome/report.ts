import { callLine, nextStep, type Language } from '@mdc/core/identify';
import { calledName, GENOME_THRESHOLDS } from '@mdc/core/identify/genome';
import { csvDocument } from '../csv';
import type { TaskRow } from '../tasks';
import type { GenomeTaskResult } from './schemas';

/** Labels of the genome reports, in both languages. */
export const GENOME_REPORT_TEXT = {
  zh: {
    report: 'MDC 微生物数据云 · 基因组鉴定报告',
    sample: '样本',
    file: '文件',
    call: '鉴定结果',
    level: { species: '种水平', genus: '属水平', none: '无可靠鉴定' },
    ambiguous: '不确定',
    notComparable: '不可比',
    runnerUp: '次优菌种',
    hits: '最相近的参考基因组',
    qc: '组装质量',
    rrna: '基因组中的 16S rRNA 拷贝',
    columns: {
      section: '部分',
      rank: '名次',
      species: '菌种',
      strain: '菌株',
      accession: '登录号',
      ani: 'ANI (%)',
      queryAf: '查询比对比例 (%)',
      referenceAf: '参考比对比例 (%)',
      fragments: '比对片段',
      note: '说明',
      item: '项目',
      value: '值',
      contig: 'contig',
      start: '起点',
      end: '终点',
      strand: '链',
      length: '长度 (bp)',
      similarity: '16S 相似度 (%)',
    },
    stats: { length: '总长度 (bp)', contigs: 'contig 数', n50: 'N50 (bp)', gc: 'GC (%)', n: 'N (%)', contamination: '其他属片段 (%)' },
    sections: { call: '鉴定', hit: '参考基因组', qc: '质量', rrna: '16S 拷贝', typing: 'MLST 分型', gene: '耐药基因', mutation: '耐药突变', prediction: '预测表型' },
    resistance: { notAvailable: '服务器未安装耐药数据库，未做耐药分析', intrinsic: '固有', partial: '不完整', prediction: { R: '耐药 (R)', S: '敏感 (S，未发现已知机制)', uncertain: '不确定' } },
    typing: {
      novelProfile: '新型谱（所有等位基因已知，但无 ST 与之对应）',
      noST: '无 ST',
      'no-species-call': '未鉴定到种，未做 MLST',
      'no-scheme': '该菌种没有 PubMLST MLST 方案',
      'no-schemes-installed': '服务器未安装 MLST 方案',
    },
  },
  en: {
    report: 'MDC · Microbe Data Cloud — genome identification report',
    sample: 'Sample',
    file: 'File',
    call: 'Call',
    level: { species: 'species level', genus: 'genus level', none: 'no reliable identification' },
    ambiguous: 'ambiguous',
    notComparable: 'not comparable',
    runnerUp: 'Next species',
    hits: 'Closest reference genomes',
    qc: 'Assembly QC',
    rrna: '16S rRNA copies in the genome',
    columns: {
      section: 'section',
      rank: 'rank',
      species: 'species',
      strain: 'strain',
      accession: 'accession',
      ani: 'ANI (%)',
      queryAf: 'query aligned (%)',
      referenceAf: 'reference aligned (%)',
      fragments: 'fragments aligned',
      note: 'note',
      item: 'item',
      value: 'value',
      contig: 'contig',
      start: 'start',
      end: 'end',
      strand: 'strand',
      length: 'length (bp)',
      similarity: '16S similarity (%)',
    },
    stats: { length: 'total length (bp)', contigs: 'contigs', n50: 'N50 (bp)', gc: 'GC (%)', n: 'N (%)', contamination: 'fragments of another genus (%)' },
    sections: { call: 'call', hit: 'reference genome', qc: 'QC', rrna: '16S copy', typing: 'MLST', gene: 'resistance gene', mutation: 'resistance mutation', prediction: 'predicted phenotype' },
    resistance: { notAvailable: 'resistance not available: no resistance databases on the server', intrinsic: 'intrinsic', partial: 'partial', prediction: { R: 'R', S: 'S (no known mechanism)', uncertain: 'uncertain' } },
    typing: {
      novelProfile: 'novel profile (all alleles known, no ST has this combination)',
      noST: 'no ST',
      'no-species-call': 'no species called: not typed',
      'no-scheme': 'no PubMLST MLST scheme for this species',
      'no-schemes-installed': 'no MLST schemes installed on the server',
    },
  },
} as const;

const pct = (x: number | null | undefined, digits = 1) => (x === null || x === undefined ? '' : (100 * x).toFixed(digits));

/** ANI as reports show it: below GENOME_THRESHOLDS.comparable the number says nothing and is not given. */
export function aniText(ani: number, lang: Language): string {
  return ani >= GENOME_THRESHOLDS.comparable ? ani.toFixed(2) : GENOME_REPORT_TEXT[lang].notComparable;
}

/** The name the call gives, in the language of the report (a complex in Chinese by its Chinese name and its Latin one). */
export function genomeCallName(call: GenomeTaskResult['call'], lang: Language): string {
  // "<Genus> sp. (closest: …)", as every method states a genus-level call.
  if (call.level === 'genus') return callLine({ name: call.genus ?? '', level: 'genus', closest: call.species }, lang);
  const complex = call.complex ?? null;
  if (complex && lang === 'zh') return `${complex.zh}（${complex.name}）`;
  return calledName({ ...call, complex }) ?? '';
}

/** The genome result as CSV: the call, the closest references, the QC and the 16S copies, each row tagged with its section. */
export function genomeCsv(task: TaskRow, lang: Language): string {
  const t = GENOME_REPORT_TEXT[lang];
  const c = t.columns;
  const result = task.result as GenomeTaskResult | null;
  const rows: (string | number | null)[][] = [[c.section, c.rank, c.species, c.strain, c.accession, c.ani, c.queryAf, c.referenceAf, c.fragments, c.note]];
  if (!result) {
    rows.push([t.sections.call, '', '', '', '', '', '', '', '', lang === 'zh' ? (task.error_zh ?? '运行中') : (task.error_en ?? 'running')]);
    return csvDocument(rows);
  }
  const call = result.call;
  const name = genomeCallName(call, lang);
  rows.push([
    t.sections.call,
    '',
    name,
    '',
    '',
    call.ani === null ? '' : aniText(call.ani, lang),
    pct(call.queryAf),
    '',
    '',
    [t.level[call.level], call.ambiguous ? t.ambiguous : '', ...call.notes.map((n) => n.text[lang]), nextStep('genome', { name: call.genus ?? '', level: call.level })?.[lang] ?? ''].filter(Boolean).join(' · '),
  ]);
  for (const h of result.hits) {
    rows.push([t.sections.hit, h.rank, h.species, h.strain, h.accession, aniText(h.ani, lang), pct(h.queryAf), pct(h.referenceAf), `${h.mappedFragments}/${h.queryFragments}`, '']);
  }
  const s = result.qc.stats;
  const qc: [string, string | number][] = [
    [t.stats.length, s.length],
    [t.stats.contigs, s.contigs],
    [t.stats.n50, s.n50],
    [t.stats.gc, s.gcPercent.toFixed(2)],
    [t.stats.n, s.nPercent.toFixed(2)],
  ];
  if (result.qc.contamination) qc.push([t.stats.contamination, pct(result.qc.contamination.share)]);
  for (const [item, value] of qc) rows.push([t.sections.qc, '', item, '', '', '', '', '', '', String(value)]);
  for (const f of result.qc.findings) rows.push([t.sections.qc, '', '', '', '', '', '', '', '', f.text[lang]]);
  const typing = result.typing;
  if (typing) {
    const mlst = typing.mlst;
    if (mlst) {
      const st = mlst.st !== '-' ? `ST ${mlst.st}` : mlst.status === 'NOVEL' ? t.typing.novelProfile : t.typing.noST;
      rows.push([t.sections.typing, '', mlst.scheme, '', '', '', '', '', '', [st, mlst.loci.map((l) => `${l.locus}(${l.call})`).join(' ')].join(' · ')]);
    } else if (typing.reason !== 'typed') rows.push([t.sections.typing, '', '', '', '', '', '', '', '', t.typing[typing.reason]]);
  }
  // Resistance rows reuse the columns: species = gene/drug, strain = class, ANI column = identity, query aligned = coverage.
  const resistance = result.resistance;
  if (resistance?.status === 'not-available') rows.push([t.sections.gene, '', '', '', '', '', '', '', '', t.resistance.notAvailable]);
  else if (resistance) {
    for (const g of resistance.genes) {
      const notes = [g.intrinsic ? t.resistance.intrinsic : '', g.partial ? t.resistance.partial : '', g.alleles.length > 1 ? g.alleles.join('/') : '', g.drugs.join(';')].filter(Boolean);
      rows.push([t.sections.gene, '', g.name, g.class, '', g.identity.toFixed(2), g.coverage.toFixed(2), '', '', [`${g.contig}:${g.start}-${g.end} (${g.strand})`, ...notes].join(' · ')]);
    }
    for (const m of resistance.mutations) rows.push([t.sections.mutation, '', m.name, m.class, '', '', '', '', '', [`${m.contig}:${m.start}-${m.end}`, m.drugs.join(';')].filter(Boolean).join(' · ')]);
    for (const p of resistance.predictions) rows.push([t.sections.prediction, '', `${p.drugName} (${p.drug})`, t.resistance.prediction[p.prediction], '', '', '', '', '', [p.evidence, p.rule].filter(Boolean).join(' · ')]);
  }
  result.rrna.copies.forEach((copy, i) => {
    rows.push([
      t.sections.rrna,
      i + 1,
      copy.species ?? '',
      '',
      copy.accession ?? '',
      '',
      '',
      '',
      '',
      `${copy.contig}:${copy.start}-${copy.end} (${copy.strand}) ${copy.length} bp${copy.similarity !== null ? ` · ${copy.similarity.toFixed(2)} %` : ''}`,
    ]);
  });
  return csvDocument(rows);
}
