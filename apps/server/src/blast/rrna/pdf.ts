import {
  CONFIDENCE_LABELS,
  MARKER_THRESHOLD_SOURCES,
  SIMILARITY_DEFINITION,
  thresholdsFor,
  type Hit,
  type Language,
  type Marker,
} from '@mdc/core/identify/rrna';
import { alignmentBlocks, sequenceCall } from '@mdc/core/identify/rrna';
import { callHeadlineParts, claimedRank, nextStep } from '@mdc/core/identify';
import type { ExportOptions } from '../method';
import { reportDocument } from '../../reports/pdf-document';
import { defaultTimeZone, formatTime } from '../../reports/time';
import { REPORT_TEXT, trimNotes } from './report';
import type { TaskRow } from '../tasks';
import type { SequenceRow } from './store';

/** Slant of the species names: the CJK font has no italic face, so the text is sheared, as italics are. */
const ITALIC = 12;

/** A piece of a line: species and genus names are italic. */
interface Run {
  text: string;
  italic?: boolean;
}

/**
 * The result as a PDF: task, then per sequence the top hit with its confidence, the other hits and
 * the top hit's alignment (60 columns per line, with positions), then the definitions.
 */
export async function resultPdf(task: TaskRow, sequences: SequenceRow[], lang: Language, options: ExportOptions = {}): Promise<Buffer> {
  const t = REPORT_TEXT[lang];
  const marker = task.method as Marker;
  const thresholds = thresholdsFor(marker);
  const timeZone = options.timeZone ?? defaultTimeZone(lang);
  const report = reportDocument(`${t.report} ${task.id}`);
  const { doc, text, left, width, room } = report;
  const mono = 'Courier';

  doc.font(text).fontSize(15).fillColor('#0b3d5c').text(t.report, { width });
  doc.moveDown(0.4).fontSize(9).fillColor('#333');
  const status = t.statuses[task.status];
  doc.text(`${t.task}: ${task.id}    ${t.marker}: ${task.method}    ${t.status}: ${status}`);
  doc.text(`${t.submitted}: ${formatTime(task.created_at, timeZone)}    ${t.finished}: ${formatTime(task.finished_at, timeZone)}`);
  if (task.reference_count) doc.text(`${t.references}: ${task.reference_count}`);
  if (task.status === 'failed' && task.error_en) doc.fillColor('#a8071a').text(lang === 'zh' ? (task.error_zh ?? '') : task.error_en).fillColor('#333');

  const columns = [
    { key: 'rank', label: '#', width: 22 },
    { key: 'species', label: t.columns.species, width: 150 },
    { key: 'accession', label: t.columns.accession, width: 80 },
    { key: 'similarity', label: t.columns.similarity, width: 58 },
    { key: 'length', label: t.columns.length, width: 62 },
    { key: 'mismatches', label: t.columns.mismatches, width: 50 },
    { key: 'gaps', label: t.columns.gaps, width: 44 },
    { key: 'score', label: t.columns.score, width: 45 },
  ] as const;
  const cell = (hit: Hit, key: (typeof columns)[number]['key']): string => {
    switch (key) {
      case 'rank':
        return String(hit.rank);
      case 'species':
        return hit.species + (hit.tiedWithTop && hit.rank > 1 ? ' =' : '');
      case 'accession':
        return hit.accession;
      case 'similarity':
        return hit.similarity.toFixed(2);
      case 'length':
        return String(hit.alignedLength);
      case 'mismatches':
        return String(hit.mismatches);
      case 'gaps':
        return String(hit.gaps);
      case 'score':
        return String(hit.score);
    }
  };
  /** One line of runs; italic runs are species or genus names. */
  const line = (runs: Run[], at?: { x: number; y: number }) => {
    runs.forEach((run, i) => {
      const style = { width, oblique: run.italic ? ITALIC : false, continued: i < runs.length - 1 };
      if (i === 0 && at) doc.text(run.text, at.x, at.y, style);
      else doc.text(run.text, style);
    });
  };
  /** Names joined by commas, each italic when it is a species or genus name. */
  const names = (list: string[], italic: boolean): Run[] => list.flatMap((name, i) => [...(i > 0 ? [{ text: ', ' }] : []), { text: name, italic }]);
  const confidenceRuns = (level: keyof typeof CONFIDENCE_LABELS, list: string[]): Run[] => {
    const label = CONFIDENCE_LABELS[level][lang];
    return list.length ? [{ text: `${label}: ` }, ...names(list, level !== 'family')] : [{ text: label }];
  };
  const row = (values: string[], header: boolean) => {
    doc.font(text).fontSize(7.5).fillColor(header ? '#000' : '#222');
    // Header labels may wrap onto a second line; data cells are cut with an ellipsis.
    const height = header ? Math.max(...values.map((value, i) => doc.heightOfString(value, { width: columns[i]!.width - 4 }))) + 3 : 12;
    room(height + 2);
    const y = doc.y;
    let x = left;
    values.forEach((value, i) => {
      const italic = !header && columns[i]!.key === 'species';
      doc.text(value, x, y, header ? { width: columns[i]!.width - 4 } : { width: columns[i]!.width - 4, lineBreak: false, ellipsis: true, oblique: italic ? ITALIC : false });
      x += columns[i]!.width;
    });
    doc.x = left;
    doc.y = y + height;
  };

  for (const s of sequences) {
    room(80);
    doc.moveDown(1).font(text).fontSize(12).fillColor('#0b3d5c');
    doc.text(`${t.sequence} ${s.position}: ${s.query_id}${s.description ? ' ' + s.description : ''} (${s.length} bp)`, left, doc.y, { width });
    doc.fontSize(9).fillColor('#222');
    const result = s.result;
    if (!result) {
      doc.text(t.statuses.running);
      continue;
    }
    const notes = trimNotes(s, lang);
    if (!result.ok) {
      // No similar reference is an answer; other refusals say what to change.
      if (result.reason === 'no-similar-reference') doc.fillColor('#614700').text(`${t.noSimilar}: ${result.detail[lang]}`).fillColor('#222');
      else doc.fillColor('#a8071a').text(`${t.refused}: ${result.message[lang]}`).fillColor('#222').text(result.detail[lang]);
      for (const note of notes) doc.fillColor('#555').text(note, { width }).fillColor('#222');
      continue;
    }
    const top = result.topHit;
    // The call heads the result as on the page: a genus-level sequence is "<Genus> sp.", its top
    // hit's species only the closest.
    const call = sequenceCall(result);
    const rank = claimedRank(call);
    const headline = callHeadlineParts(call, lang);
    doc.moveDown(0.3).fontSize(10);
    if (headline.length > 0) line([{ text: `${t.call}: ` }, ...headline]);
    doc.fontSize(9);
    line([{ text: `${rank === 'species' || rank === 'species-group' ? t.topHit : t.closest}: ` }, { text: top.species, italic: true }, { text: ` (${top.accession})` }]);
    const complex = result.confidence.complex;
    if (complex) {
      // The complex is the call, in the reader's language; its members found, then what separates them.
      const label = CONFIDENCE_LABELS[result.confidence.level][lang];
      line([{ text: `${t.confidence}: ${label}: ` }, ...(lang === 'zh' ? [{ text: `${complex.zh}（` }, { text: complex.name, italic: true }, { text: '）' }] : [{ text: complex.name, italic: true }])]);
      line([{ text: lang === 'zh' ? '找到的成员：' : 'Members found: ' }, ...names(result.confidence.names, true)]);
      doc.fillColor('#555').text(complex.settles[lang], { width }).fillColor('#222');
    } else line([{ text: `${t.confidence}: ` }, ...confidenceRuns(result.confidence.level, result.confidence.names)]);
    if (result.confidence.limitedBy === 'coverage') doc.text(t.limitedCoverage((result.confidence.coverage ?? 0).toFixed(1), thresholds.minCoverage), { width });
    const next = nextStep(marker, call);
    if (next) doc.fillColor('#614700').text(next[lang], { width }).fillColor('#222');
    doc.text(
      `${t.columns.similarity}: ${top.similarity.toFixed(2)}    ${t.columns.length}: ${top.alignedLength}    ${t.columns.mismatches}: ${top.mismatches}    ${t.columns.gaps}: ${top.gaps}    ${t.columns.score}: ${top.score}    ${t.columns.coverage}: ${top.queryCoverage.toFixed(1)}`,
    );
    for (const note of notes) doc.fillColor('#555').text(note, { width }).fillColor('#222');
    if (top.lineage.length) {
      // Kingdom … genus: only the genus is italic (ICNP / ICN usage).
      doc.fillColor('#555');
      line(top.lineage.flatMap((rank, i) => [...(i > 0 ? [{ text: ' › ' }] : []), { text: rank, italic: i === top.lineage.length - 1 }]));
      doc.fillColor('#222');
    }
    if (result.tiedSpecies.length > 1) line([{ text: `${t.tied}: ` }, ...names(result.tiedSpecies, true)]);
    doc.moveDown(0.4).fontSize(10).text(t.hits);
    doc.moveDown(0.2);
    row(columns.map((c) => c.label), true);
    for (const hit of result.hits) row(columns.map((c) => cell(hit, c.key)), false);
    if (top.alignment) {
      room(60);
      doc.moveDown(0.5).font(text).fontSize(10).text(t.alignment, left, doc.y);
      doc.moveDown(0.2);
      const blocks = alignmentBlocks(top.alignment, top);
      const pad = Math.max(String(Math.max(top.queryStart, top.queryEnd)).length, String(top.referenceEnd).length);
      doc.font(mono).fontSize(7);
      for (const block of blocks) {
        room(32);
        const y = doc.y;
        const lines = [
          `Q ${String(block.query.from).padStart(pad)} ${block.query.text} ${block.query.to}`,
          `  ${' '.repeat(pad)} ${block.match}`,
          `R ${String(block.reference.from).padStart(pad)} ${block.reference.text} ${block.reference.to}`,
        ];
        lines.forEach((line, i) => doc.text(line, left, y + i * 8.5, { lineBreak: false }));
        doc.x = left;
        doc.y = y + 3 * 8.5 + 5;
      }
    }
  }

  room(90);
  doc.moveDown(1).font(text).fontSize(10).fillColor('#0b3d5c').text(t.definition, left, doc.y, { width });
  doc.fontSize(8).fillColor('#333').text(SIMILARITY_DEFINITION[lang], { width });
  doc.moveDown(0.5).fontSize(10).fillColor('#0b3d5c').text(t.thresholds, { width });
  doc.fontSize(8).fillColor('#333').text(`${marker}: ${t.thresholdText(thresholds)} (${MARKER_THRESHOLD_SOURCES[marker].species})`, { width });
  return report.end();
}
