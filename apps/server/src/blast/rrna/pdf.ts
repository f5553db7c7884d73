import PDFDocument from 'pdfkit';
import { DEFAULT_THRESHOLDS, SIMILARITY_DEFINITION, THRESHOLD_SOURCES, type Hit, type Language } from '@mdc/core/identify/rrna';
import { alignmentBlocks } from '@mdc/core/identify/rrna';
import { cjkFont } from '../report';
import { REPORT_TEXT, confidenceText } from './report';
import type { TaskRow } from '../tasks';
import type { SequenceRow } from './store';

function date(value: Date | string | null): string {
  if (!value) return '—';
  return new Date(value).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

/**
 * The result as a PDF: task, then per sequence the top hit with its confidence, the other hits and
 * the top hit's alignment (60 columns per line, with positions), then the definitions.
 */
export async function resultPdf(task: TaskRow, sequences: SequenceRow[], lang: Language): Promise<Buffer> {
  const t = REPORT_TEXT[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 42, info: { Title: `${t.report} ${task.id}`, Author: 'MDC' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const font = cjkFont();
  if (font) doc.registerFont('text', font.file, font.family ?? '');
  const text = font ? 'text' : 'Helvetica';
  const mono = 'Courier';
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font(text).fontSize(15).fillColor('#0b3d5c').text(t.report, { width });
  doc.moveDown(0.4).fontSize(9).fillColor('#333');
  const status = t.statuses[task.status];
  doc.text(`${t.task}: ${task.id}    ${t.marker}: ${task.method}    ${t.status}: ${status}`);
  doc.text(`${t.submitted}: ${date(task.created_at)}    ${t.finished}: ${date(task.finished_at)}`);
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
  const row = (values: string[], header: boolean) => {
    doc.font(text).fontSize(7.5).fillColor(header ? '#000' : '#222');
    // Header labels may wrap onto a second line; data cells are cut with an ellipsis.
    const height = header ? Math.max(...values.map((value, i) => doc.heightOfString(value, { width: columns[i]!.width - 4 }))) + 3 : 12;
    room(height + 2);
    const y = doc.y;
    let x = left;
    values.forEach((value, i) => {
      doc.text(value, x, y, header ? { width: columns[i]!.width - 4 } : { width: columns[i]!.width - 4, lineBreak: false, ellipsis: true });
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
    if (!result.ok) {
      doc.fillColor('#a8071a').text(`${t.refused}: ${result.message[lang]}`).fillColor('#222').text(result.detail[lang]);
      continue;
    }
    const top = result.topHit;
    doc.moveDown(0.3).fontSize(10).text(`${t.topHit}: ${top.species} (${top.accession})`);
    doc.fontSize(9).text(`${t.confidence}: ${confidenceText(result.confidence.level, result.confidence.names, lang)}`);
    doc.text(
      `${t.columns.similarity}: ${top.similarity.toFixed(2)}    ${t.columns.length}: ${top.alignedLength}    ${t.columns.mismatches}: ${top.mismatches}    ${t.columns.gaps}: ${top.gaps}    ${t.columns.score}: ${top.score}    ${t.columns.coverage}: ${top.queryCoverage.toFixed(1)}`,
    );
    if (top.lineage.length) doc.fillColor('#555').text(top.lineage.join(' › ')).fillColor('#222');
    if (result.tiedSpecies.length > 1) doc.text(`${t.tied}: ${result.tiedSpecies.join(', ')}`);
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
  doc.fontSize(8).fillColor('#333').text(`${t.thresholdText(DEFAULT_THRESHOLDS)} (${THRESHOLD_SOURCES.species})`, { width });
  doc.end();
  return finished;
}
