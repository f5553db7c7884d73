import type { Language } from '@mdc/core/identify';
import { GENOME_SPECIES_THRESHOLD_SOURCE } from '@mdc/contracts';
import { GENOME_THRESHOLD_SOURCES } from '@mdc/core/identify/genome';
import { reportDocument } from '../../reports/pdf-document';
import { defaultTimeZone, formatTime } from '../../reports/time';
import type { TaskRow } from '../tasks';
import { CLOSEST_LABEL, callHeadlineParts, nextStep } from '@mdc/core/identify';
import { aniText, genomeCallName, GENOME_REPORT_TEXT } from './report';
import type { GenomeTaskResult } from './schemas';
import { tieText } from '@mdc/contracts';
import { drugLabels, geneClassLabel } from './drug-labels';

/** Labels of the Typing and Resistance sections, in both languages. */
const ANALYSIS_TEXT = {
  zh: {
    typing: '分型（MLST）',
    scheme: '方案',
    score: '得分',
    novelProfile: '新的等位基因组合：各位点的等位基因均为已知，但没有 ST 与之对应。',
    noST: '无 ST（没有与等位基因对应的谱）。',
    legend: '等位基因写法同 mlst：~ 新等位基因，? 部分匹配，- 未找到，3,5 多个拷贝。',
    reasons: { 'no-species-call': '未鉴定到种，未做 MLST。', 'no-scheme': '该菌种没有 PubMLST 的 MLST 方案，未做 MLST。', 'no-schemes-installed': '服务器未安装 MLST 方案，未做 MLST。' },
    resistance: '耐药',
    notAvailable: '服务器未安装耐药数据库（ResFinder、PointFinder），未做耐药分析。',
    key: '主要耐药机制',
    noSpecies: '未鉴定到种：只查找获得性耐药基因。',
    acquired: '获得性耐药基因',
    noAcquired: '未找到获得性耐药基因。',
    intrinsic: '固有耐药基因（该菌种染色体自带，不计为获得性耐药）',
    mutations: '染色体点突变（PointFinder）',
    noMutations: '未找到已知的耐药突变。',
    noPointfinder: '该菌种没有 PointFinder 突变方案，未查找点突变。',
    predicted: '预测药敏表型',
    predictedLead: 'R：发现耐药机制；S：未发现已知机制（不等于实测敏感）；不确定：证据不足以区分 R 与 S。',
    columns: { gene: '基因', identity: '一致性 (%)', coverage: '覆盖度 (%)', position: '位置', note: '说明', mutation: '突变', class: '类别', drug: '药物', prediction: '预测', evidence: '证据', rule: '规则' },
    tie: '等位基因无法区分',
    partial: '在 contig 末端截断',
    intrinsicNote: '固有',
    prediction: { R: '耐药 R', S: '敏感 S', uncertain: '不确定' },
    noEvidence: '未发现已知机制',
    rules: '规则来源',
  },
  en: {
    typing: 'Typing (MLST)',
    scheme: 'scheme',
    score: 'score',
    novelProfile: 'Novel profile: every allele is known, but no ST has this combination.',
    noST: 'No ST (no profile matches the alleles).',
    legend: 'Alleles as mlst writes them: ~ novel, ? partial, - missing, 3,5 several copies.',
    reasons: { 'no-species-call': 'No species called: not typed.', 'no-scheme': 'PubMLST has no MLST scheme for this species: not typed.', 'no-schemes-installed': 'No MLST schemes are installed on the server: not typed.' },
    resistance: 'Resistance',
    notAvailable: 'The server has no resistance databases (ResFinder, PointFinder): resistance was not analysed.',
    key: 'Key mechanisms',
    noSpecies: 'No species called: acquired genes only.',
    acquired: 'Acquired resistance genes',
    noAcquired: 'No acquired resistance gene found.',
    intrinsic: "Intrinsic genes (the species' own chromosomal genes, not counted as acquired)",
    mutations: 'Chromosomal point mutations (PointFinder)',
    noMutations: 'No known resistance mutation found.',
    noPointfinder: 'PointFinder has no mutation scheme for this species: point mutations were not searched.',
    predicted: 'Predicted susceptibility',
    predictedLead: 'R: a resistance mechanism was found; S: no known mechanism was found (not a measured S); uncertain: the evidence does not separate R from S.',
    columns: { gene: 'Gene', identity: 'Identity (%)', coverage: 'Coverage (%)', position: 'Position', note: 'Note', mutation: 'Mutation', class: 'Class', drug: 'Drug', prediction: 'Prediction', evidence: 'Evidence', rule: 'Rule' },
    tie: 'alleles not told apart',
    partial: 'cut at the contig end',
    intrinsicNote: 'intrinsic',
    prediction: { R: 'R', S: 'S', uncertain: 'uncertain' },
    noEvidence: 'no known mechanism',
    rules: 'Rules',
  },
} as const;

const PREDICTION_COLOUR = { R: '#b3261e', S: '#23722a', uncertain: '#8a5a00' } as const;

const BLUE = '#0b3d5c';
const LEVEL_COLOUR = { species: '#237804', genus: '#d48806', none: '#a8071a' } as const;

/**
 * The genome result as a PDF: the call with its level and notes, a picture of the closest
 * references' ANI against the 95 % species line, the table of references, the assembly QC and
 * the 16S copies. Species names in italics, as printed in the literature.
 */
export async function genomePdf(task: TaskRow, lang: Language, timeZone = defaultTimeZone(lang)): Promise<Buffer> {
  const t = GENOME_REPORT_TEXT[lang];
  const result = task.result as GenomeTaskResult | null;
  const report = reportDocument(`${t.report} ${task.id}`);
  const { doc, text, left, width, room } = report;
  const italic = 'Helvetica-Oblique';
  /** The text cut (with an ellipsis) to fit one line of `room` points in the current font, so that it never runs into the next column. */
  const fitted = (value: string, room: number): string => {
    if (doc.widthOfString(value) <= room) return value;
    let cut = value;
    while (cut.length > 1 && doc.widthOfString(cut + '…') > room) cut = cut.slice(0, -1);
    return cut + '…';
  };
  // Helvetica sits higher on its line than Noto CJK: italic names set in it beside CJK-font text
  // move down by the difference of the ascenders, to share their baseline (as the biochemistry PDF does).
  const ascender = (fontName: string) => (doc.font(fontName) as unknown as { _font: { ascender: number } })._font.ascender;
  const latinDrop = text !== 'Helvetica' ? (ascender(text) - ascender(italic)) / 1000 : 0;
  doc.font(text);
  /** One line of upright and italic runs at the current y, each run on the same baseline; moves below it. */
  const runs = (parts: readonly { text: string; italic?: boolean }[], size: number) => {
    const y = doc.y;
    let x = left;
    for (const part of parts) {
      doc.font(part.italic ? italic : text).fontSize(size);
      doc.text(part.text, x, y + (part.italic ? latinDrop * size : 0), { lineBreak: false });
      x += doc.widthOfString(part.text);
    }
    doc.font(text).fontSize(size);
    doc.x = left;
    doc.y = y + doc.currentLineHeight(true);
  };
  const heading = (label: string) => {
    room(60);
    doc.moveDown(0.8).font(text).fontSize(12).fillColor(BLUE).text(label, left, doc.y, { width });
    doc.moveDown(0.2).fontSize(9).fillColor('#222');
  };

  const a = ANALYSIS_TEXT[lang];
  const bp = (n: number) => n.toLocaleString('en');
  const subheading = (label: string) => {
    room(40);
    doc.moveDown(0.5).font(text).fontSize(9.5).fillColor(BLUE).text(label, left, doc.y, { width });
    doc.moveDown(0.15).fontSize(8).fillColor('#222');
  };
  /** A table row of single-line cells cut to their column; an italic cell is set in the Latin italic (gene names). */
  type Cell = { value: string; italic?: boolean; colour?: string };
  const tableRow = (columns: readonly number[], cells: readonly Cell[], header = false) => {
    const size = 7.5;
    const height = 12;
    room(height + 2);
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      doc.font(cell.italic ? italic : text).fontSize(size).fillColor(cell.colour ?? (header ? '#000' : '#222'));
      doc.text(fitted(cell.value, columns[i]! - 6), x, y + (cell.italic ? latinDrop * size : 0), { lineBreak: false });
      x += columns[i]!;
    });
    if (header) doc.save().moveTo(left, y + height - 2).lineTo(left + columns.reduce((s, w) => s + w, 0), y + height - 2).lineWidth(0.4).stroke('#bbb').restore();
    doc.font(text).fillColor('#222');
    doc.x = left;
    doc.y = y + height;
  };
  /** A group's label across the table (a gene class, a drug class). */
  const groupRow = (label: string) => {
    room(26);
    const y = doc.y + 2;
    doc.font(text).fontSize(7.5).fillColor(BLUE).text(fitted(label, width), left, y, { lineBreak: false });
    doc.fillColor('#222');
    doc.x = left;
    doc.y = y + 11;
  };

  function drawTyping() {
    const typing = result?.typing;
    if (!typing) return;
    heading(a.typing);
    const mlst = typing.mlst;
    if (!mlst || typing.reason !== 'typed') {
      doc.font(text).fontSize(9).text(typing.reason === 'typed' ? a.reasons['no-scheme'] : a.reasons[typing.reason], { width });
      return;
    }
    doc.font(text).fontSize(12).fillColor('#222').text(mlst.st !== '-' ? `ST${mlst.st}` : '—', { continued: true });
    doc.fontSize(9).fillColor('#555').text(`    ${a.scheme} ${mlst.scheme}  ·  ${a.score} ${mlst.score}${mlst.extra.clonal_complex ? `  ·  ${mlst.extra.clonal_complex}` : ''}`);
    doc.fillColor('#222').moveDown(0.2);
    if (mlst.st === '-') doc.fillColor('#8a5a00').text(mlst.status === 'NOVEL' ? a.novelProfile : a.noST, { width }).fillColor('#222');
    doc.font(text).fontSize(9).text(mlst.loci.map((l) => `${l.locus}(${l.call})`).join('  '), { width });
    if (mlst.loci.some((l) => l.kind !== 'exact')) doc.fontSize(7.5).fillColor('#555').text(a.legend, { width }).fillColor('#222');
  }

  function drawResistance() {
    const resistance = result?.resistance;
    if (!resistance) return;
    heading(a.resistance);
    if (resistance.status === 'not-available') {
      doc.font(text).fontSize(9).text(a.notAvailable, { width });
      return;
    }
    if (resistance.key.length) doc.font(text).fontSize(9).text(`${a.key}${lang === 'zh' ? '：' : ': '}${resistance.key.join(' · ')}`, { width });
    if (!resistance.species) doc.fontSize(8).fillColor('#614700').text(a.noSpecies, { width }).fillColor('#222');
    const c = a.columns;
    const geneColumns = [140, 58, 62, 150, 101] as const;
    const genes = (list: typeof resistance.genes, intrinsic: boolean) => {
      tableRow(geneColumns, [c.gene, c.identity, c.coverage, c.position, c.note].map((value) => ({ value })), true);
      // By class, β-lactams first, the others in the order found.
      const classes = [...new Set(list.map((g) => g.class))].sort((x, y) => Number(y === 'Beta-lactam') - Number(x === 'Beta-lactam'));
      for (const cls of classes) {
        groupRow(geneClassLabel(cls, lang));
        for (const g of list.filter((x) => x.class === cls)) {
          const notes = [intrinsic ? a.intrinsicNote : '', g.alleles.length > 1 ? a.tie : '', g.partial ? a.partial : ''].filter(Boolean).join('; ');
          tableRow(geneColumns, [
            { value: g.alleles.length > 1 ? tieText(g.alleles) : g.name, italic: true },
            { value: g.identity.toFixed(2) },
            { value: g.coverage.toFixed(2) },
            { value: `${g.contig}:${bp(g.start)}–${bp(g.end)} (${g.strand})` },
            { value: notes, colour: notes ? '#8a5a00' : undefined },
          ]);
        }
      }
    };
    const acquired = resistance.genes.filter((g) => !g.intrinsic);
    const intrinsic = resistance.genes.filter((g) => g.intrinsic);
    subheading(a.acquired);
    if (acquired.length) genes(acquired, false);
    else doc.font(text).fontSize(8).text(a.noAcquired, { width });
    if (intrinsic.length) {
      subheading(a.intrinsic);
      genes(intrinsic, true);
    }
    if (resistance.species) {
      subheading(a.mutations);
      if (!resistance.pointfinderSpecies) doc.font(text).fontSize(8).text(a.noPointfinder, { width });
      else if (!resistance.mutations.length) doc.font(text).fontSize(8).text(a.noMutations, { width });
      else {
        const columns = [150, 140, 221] as const;
        tableRow(columns, [c.mutation, c.class, c.position].map((value) => ({ value })), true);
        for (const m of resistance.mutations) {
          tableRow(columns, [{ value: m.name, italic: true }, { value: geneClassLabel(m.class, lang) }, { value: `${m.contig}:${bp(m.start)}–${bp(m.end)}` }]);
        }
      }
    }
    if (!resistance.predictions.length) return;
    room(90);
    subheading(a.predicted);
    doc.font(text).fontSize(7.5).fillColor('#555').text(a.predictedLead, { width }).fillColor('#222');
    doc.moveDown(0.2);
    const drugs = drugLabels(resistance.predictions);
    const columns = [150, 62, 160, 139] as const;
    tableRow(columns, [c.drug, c.prediction, c.evidence, c.rule].map((value) => ({ value })), true);
    const ruleIds = (rule: string) => rule.split(' | ').map((r) => r.split(':')[0]!.trim());
    const sources = new Map<string, string>();
    const orderOf = (key: string) => Object.values(drugs).find((d) => d.classKey === key)!.classOrder;
    const classes = [...new Set(resistance.predictions.map((p) => drugs[p.drug]!.classKey))].sort((x, y) => orderOf(x) - orderOf(y));
    for (const key of classes) {
      const members = resistance.predictions.filter((p) => drugs[p.drug]!.classKey === key);
      groupRow(drugs[members[0]!.drug]!.classLabel[lang]);
      for (const p of members) {
        for (const part of p.rule.split(' | ')) {
          const at = part.indexOf(':');
          if (at > 0) sources.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
        }
        tableRow(columns, [
          { value: `${drugs[p.drug]!.name[lang]} (${p.drug})` },
          { value: a.prediction[p.prediction], colour: PREDICTION_COLOUR[p.prediction] },
          { value: p.evidence || a.noEvidence, italic: Boolean(p.evidence), colour: p.evidence ? undefined : '#777' },
          { value: ruleIds(p.rule).join(', ') },
        ]);
      }
    }
    // Each rule's source once, below the table (the page shows it with its row).
    if (sources.size) {
      doc.moveDown(0.4).font(text).fontSize(7).fillColor('#555').text(`${a.rules}:`, left, doc.y, { width });
      for (const [id, source] of sources) {
        room(20);
        doc.text(`${id} — ${source}`, left, doc.y, { width });
      }
      doc.fillColor('#222');
    }
  }

  doc.font(text).fontSize(15).fillColor(BLUE).text(t.report, { width });
  doc.moveDown(0.4).fontSize(9).fillColor('#333');
  doc.text(`${lang === 'zh' ? '任务' : 'Task'}: ${task.id}    ${t.file}: ${task.file_name ?? ''}`);
  doc.text(`${lang === 'zh' ? '提交时间' : 'Submitted'}: ${formatTime(task.created_at, timeZone)}    ${lang === 'zh' ? '完成时间' : 'Finished'}: ${formatTime(task.finished_at, timeZone)}`);
  if (!result) {
    const error = lang === 'zh' ? task.error_zh : task.error_en;
    if (error) doc.fillColor('#a8071a').text(error);
    return report.end();
  }
  doc.text(`${t.sample}: ${result.query.sampleName}`);

  // The call.
  const call = result.call;
  heading(t.call);
  if (call.level === 'genus') {
    // "<Genus> sp." as every method heads a genus-level call; its closest species apart, then what settles it.
    const genusCall = { name: call.genus ?? '', level: 'genus', closest: call.species };
    doc.fillColor(LEVEL_COLOUR.genus);
    runs(callHeadlineParts(genusCall, lang), 14);
    doc.fillColor('#222');
    if (call.species) runs([{ text: `${CLOSEST_LABEL[lang]}${lang === 'zh' ? '：' : ': '}` }, { text: call.species, italic: true }], 9);
    doc.fillColor('#614700').fontSize(9).text(nextStep('genome', genusCall)![lang], { width }).fillColor('#222');
  } else {
    const name = call.level === 'none' ? t.level.none : genomeCallName(call, lang);
    // The Latin italic has no Chinese glyphs: a complex named in Chinese is set upright in the CJK font.
    doc.font(call.level === 'none' || /[\u4e00-\u9fff]/.test(name) ? text : italic).fontSize(14).fillColor(LEVEL_COLOUR[call.level]).text(name, { continued: false });
  }
  doc.font(text).fontSize(9).fillColor('#222');
  const figures: string[] = [t.level[call.level]];
  if (call.ani !== null) figures.push(`ANI ${aniText(call.ani, lang)}${call.ani >= result.thresholds.comparable! ? ' %' : ''}`);
  if (call.queryAf !== null) figures.push(`${t.columns.queryAf} ${(100 * call.queryAf).toFixed(1)}`);
  if (call.ambiguous) figures.push(t.ambiguous);
  doc.text(figures.join('  ·  '));
  if (call.runnerUp) {
    runs([{ text: `${t.runnerUp}: ` }, { text: call.runnerUp.species, italic: true }, { text: `  ANI ${call.runnerUp.ani.toFixed(2)} %` }], 9);
  }
  for (const note of call.notes) doc.moveDown(0.2).fillColor('#614700').text(note.text[lang], { width }).fillColor('#222');

  drawTyping();
  drawResistance();

  // The picture: ANI of the closest references against the species line.
  const hits = result.hits.slice(0, 10);
  if (hits.length) {
    heading(t.hits);
    const labelWidth = 190;
    const barLeft = left + labelWidth;
    const barWidth = width - labelWidth - 40;
    const comparable = result.thresholds.comparable ?? 78;
    const lo = 75;
    const x = (ani: number) => barLeft + (Math.max(lo, Math.min(100, ani)) - lo) / (100 - lo) * barWidth;
    const rowHeight = 14;
    room(hits.length * rowHeight + 30);
    const top = doc.y;
    hits.forEach((h, i) => {
      const y = top + i * rowHeight;
      doc.font(italic).fontSize(8).fillColor('#222').text(fitted(h.species, labelWidth - 64), left, y + 2 + latinDrop * 8, { lineBreak: false });
      doc.font(text).fontSize(7).fillColor('#666').text(fitted(h.strain, 56), left + labelWidth - 60, y + 3, { lineBreak: false });
      // Below the comparable level an ANI is no measure: no bar, the words instead.
      if (h.ani < comparable) {
        doc.font(text).fontSize(7).fillColor('#8c8c8c').text(t.notComparable, barLeft + 3, y + 3, { lineBreak: false });
        return;
      }
      const colour = h.ani >= result.thresholds.species! ? LEVEL_COLOUR.species : h.ani >= result.thresholds.genus! ? LEVEL_COLOUR.genus : '#8c8c8c';
      doc.rect(barLeft, y + 3, Math.max(1, x(h.ani) - barLeft), rowHeight - 6).fill(colour);
      doc.font(text).fontSize(7).fillColor('#222').text(h.ani.toFixed(2), x(h.ani) + 3, y + 3, { lineBreak: false });
    });
    const bottom = top + hits.length * rowHeight;
    for (const [value, dash] of [[result.thresholds.species!, true], [result.thresholds.genus!, true]] as const) {
      doc.save().moveTo(x(value), top - 2).lineTo(x(value), bottom + 2).lineWidth(0.8).dash(2, { space: 2 }).stroke(value === result.thresholds.species ? '#cf1322' : '#d48806').restore();
      if (dash) doc.font(text).fontSize(7).fillColor('#444').text(`${value} %`, x(value) - 10, bottom + 4, { lineBreak: false });
    }
    for (const tick of [75, 80, 85, 90, 95, 100]) doc.font(text).fontSize(6).fillColor('#888').text(String(tick), x(tick) - 5, bottom + 13, { lineBreak: false });
    doc.x = left;
    doc.y = bottom + 26;

    // The table.
    const columns = [
      { label: '#', width: 20 },
      { label: t.columns.species, width: 140 },
      { label: t.columns.strain, width: 120 },
      { label: t.columns.ani, width: 50 },
      { label: t.columns.queryAf, width: 60 },
      { label: t.columns.referenceAf, width: 60 },
      { label: t.columns.fragments, width: 60 },
    ];
    const row = (values: string[], header: boolean, italicSpecies = false) => {
      doc.fontSize(7.5).fillColor(header ? '#000' : '#222');
      const height = header ? Math.max(...values.map((v, i) => doc.font(text).heightOfString(v, { width: columns[i]!.width - 4 }))) + 3 : 12;
      room(height + 2);
      const y = doc.y;
      let cx = left;
      values.forEach((value, i) => {
        const slanted = italicSpecies && i === 1;
        doc.font(slanted ? italic : text);
        if (header) doc.text(value, cx, y, { width: columns[i]!.width - 4 });
        else doc.text(fitted(value, columns[i]!.width - 6), cx, y + (slanted ? latinDrop * 7.5 : 0), { lineBreak: false });
        cx += columns[i]!.width;
      });
      doc.x = left;
      doc.y = y + height;
    };
    row(columns.map((c) => c.label), true);
    for (const h of result.hits) {
      row([String(h.rank), h.species, h.strain, aniText(h.ani, lang), (100 * h.queryAf).toFixed(1), (100 * h.referenceAf).toFixed(1), `${h.mappedFragments}/${h.queryFragments}`], false, true);
    }
  }

  // QC.
  heading(t.qc);
  const s = result.qc.stats;
  doc.font(text).text(
    `${t.stats.length}: ${s.length.toLocaleString('en')}    ${t.stats.contigs}: ${s.contigs}    ${t.stats.n50}: ${s.n50.toLocaleString('en')}    ${t.stats.gc}: ${s.gcPercent.toFixed(2)}    ${t.stats.n}: ${s.nPercent.toFixed(2)}`,
    { width },
  );
  const range = result.qc.range;
  if (range) {
    doc.text(
      lang === 'zh'
        ? `${range.species} 参考基因组（${range.references} 个）：${(range.lengthMin / 1e6).toFixed(2)}–${(range.lengthMax / 1e6).toFixed(2)} Mbp，GC ${range.gcMin.toFixed(1)}–${range.gcMax.toFixed(1)}%`
        : `${range.species} references (${range.references}): ${(range.lengthMin / 1e6).toFixed(2)}–${(range.lengthMax / 1e6).toFixed(2)} Mbp, GC ${range.gcMin.toFixed(1)}–${range.gcMax.toFixed(1)} %`,
      { width },
    );
  }
  if (result.qc.contamination) doc.text(`${t.stats.contamination}: ${(100 * result.qc.contamination.share).toFixed(1)}`, { width });
  for (const f of result.qc.findings) doc.fillColor('#614700').text(f.text[lang], { width }).fillColor('#222');

  // 16S copies.
  heading(t.rrna);
  const r = result.rrna;
  doc.font(text).text(
    lang === 'zh'
      ? `找到 ${r.found} 个拷贝${r.identityMin !== null ? `，拷贝间一致性 ${r.identityMin.toFixed(2)}–${r.identityMax!.toFixed(2)}%` : ''}`
      : `${r.found} ${r.found === 1 ? 'copy' : 'copies'} found${r.identityMin !== null ? `; identity between copies ${r.identityMin.toFixed(2)}–${r.identityMax!.toFixed(2)} %` : ''}`,
    { width },
  );
  r.copies.forEach((copy, i) => {
    room(14);
    const where = `${i + 1}. ${copy.contig}:${copy.start}–${copy.end} (${copy.strand}) ${copy.length} bp  `;
    runs(copy.species ? [{ text: where }, { text: copy.species, italic: true }, { text: `  ${copy.similarity?.toFixed(2)} %` }] : [{ text: where }], 8);
  });

  room(60);
  const comparableLine = result.thresholds.comparable ?? 78;
  doc.moveDown(1).font(text).fontSize(7.5).fillColor('#555').text(
    lang === 'zh'
      ? `ANI 按 fastANI 的方法估计（3 kb 片段，种 ≥ ${result.thresholds.species}% 且查询比对比例 ≥ ${100 * result.thresholds.speciesQueryAf!}%，属 ≥ ${result.thresholds.genus}%，低于 ${comparableLine}% 不可比）。依据：种界见 ${GENOME_SPECIES_THRESHOLD_SOURCE.zh}；属界为 MDC 在共享参考基因组上的实测：不同属之间 ANI 最高达 82.87%（弗氏柠檬酸杆菌对沙门菌为 83.66%），再加上 MDC 与 fastANI 的最大差值 1.45 个百分点。`
      : `ANI estimated as fastANI does (3-kb fragments; species ≥ ${result.thresholds.species} % with ≥ ${100 * result.thresholds.speciesQueryAf!} % of the query aligned, genus ≥ ${result.thresholds.genus} %, not comparable below ${comparableLine} %). Sources: ${GENOME_THRESHOLD_SOURCES.species}; ${GENOME_THRESHOLD_SOURCES.genus}.`,
    left,
    doc.y,
    { width },
  );
  return report.end();
}
