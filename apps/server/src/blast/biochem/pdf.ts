import { biochemHistoryCall, biochemList, biochemStatement, taxonNameParts, type BiochemCandidate } from '@mdc/core/identify/biochem';
import { biochemMatrixSource } from '@mdc/contracts';
import { CLOSEST_LABEL, callHeadlineParts, nextStep, type Language } from '@mdc/core/identify';
import { reportDocument } from '../../reports/pdf-document';
import { defaultTimeZone, formatTime } from '../../reports/time';
import type { TaskRow } from '../tasks';
import { BIOCHEM_REPORT_TEXT, levelLabel, pct, sign } from './report';
import type { BiochemTaskResult } from './schemas';

const BLUE = '#0b3d5c';
const LEVEL_COLOUR: Record<string, string> = {
  excellent: '#237804',
  'very good': '#237804',
  good: '#389e0d',
  acceptable: '#d48806',
  'low discrimination': '#d46b08',
  unacceptable: '#a8071a',
};

/** White to deep blue as the % positive rises, for the cells of the picture. */
function shade(percent: number | undefined): { fill: string; ink: string } {
  if (percent === undefined) return { fill: '#f5f5f5', ink: '#8c8c8c' };
  const f = Math.max(0, Math.min(1, percent / 100));
  const mix = (a: number, b: number) => Math.round(a + (b - a) * f);
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return { fill: `#${hex(mix(255, 22))}${hex(mix(255, 80))}${hex(mix(255, 150))}`, ink: f > 0.55 ? '#ffffff' : '#262626' };
}

/**
 * The biochemical result as a PDF: the call with %ID, T and its label, the notes, a picture of the
 * profile against the % positive of the top candidates (tests against framed in red), the
 * candidates, the next tests with each candidate's expected reaction, the reactions entered and
 * the method. Species names in italics, as printed in the literature.
 */
export async function biochemPdf(task: TaskRow, lang: Language, timeZone = defaultTimeZone(lang)): Promise<Buffer> {
  const t = BIOCHEM_REPORT_TEXT[lang];
  const result = task.result as BiochemTaskResult | null;
  const title = task.method === 'morphology' ? t.reportMorphology : t.report;
  const report = reportDocument(`${title} ${task.id}`);
  const { doc, text, left, width, room } = report;
  const italic = 'Helvetica-Oblique';
  const heading = (label: string) => {
    room(60);
    doc.moveDown(0.8).font(text).fontSize(12).fillColor(BLUE).text(label, left, doc.y, { width });
    doc.moveDown(0.2).fontSize(9).fillColor('#222');
  };
  // Helvetica sits higher on its line than Noto CJK: names set in it move down by the difference
  // of the ascenders, to share the baseline of the text beside them.
  const ascender = (fontName: string) => (doc.font(fontName) as unknown as { _font: { ascender: number } })._font.ascender;
  const latinDrop = text !== 'Helvetica' ? (ascender(text) - ascender('Helvetica')) / 1000 : 0;
  doc.font(text);
  /** A taxon name at (x, y), italic where the name is Latin, on one line. */
  const name = (value: string, x: number, y: number, size: number, maxWidth: number, colour = '#222'): number => {
    let cx = x;
    doc.fillColor(colour);
    for (const part of taxonNameParts(value)) {
      doc.font(part.italic ? italic : 'Helvetica').fontSize(size);
      const space = x + maxWidth - cx;
      let piece = part.text;
      // Cut to the room left, by hand: pdfkit wraps a run that does not fit even without line breaks.
      if (doc.widthOfString(piece) > space) {
        while (piece.length > 1 && doc.widthOfString(`${piece}…`) > space) piece = piece.slice(0, -1);
        piece = `${piece.trimEnd()}…`;
      }
      doc.text(piece, cx, y + latinDrop * size, { lineBreak: false });
      cx += doc.widthOfString(piece);
      if (piece !== part.text) break;
    }
    doc.font(text);
    return cx;
  };
  /**
   * A candidate's name: on the Chinese report a row named in English words rather than Latin
   * ("Coagulase-negative staphylococci", "Bacillus (other species)") is printed by its Chinese name,
   * in the CJK font, so no English phrase stands on a Chinese page.
   */
  const candidateName = (candidate: BiochemCandidate, x: number, y: number, size: number, maxWidth: number): void => {
    // A lower-case word outside the Latin name (a serovar such as Paratyphi A stays as it is).
    const english = taxonNameParts(candidate.taxon).some((part) => !part.italic && /(^|[\s(])(?!subsp\.|spp?\.)[a-z]{3,}/.test(part.text));
    if (lang === 'zh' && candidate.zh && english) {
      doc.font(text).fontSize(size).fillColor('#222').text(candidate.zh, x, y, { width: maxWidth, lineBreak: false, ellipsis: true });
      return;
    }
    name(candidate.taxon, x, y, size, maxWidth);
  };

  doc.font(text).fontSize(15).fillColor(BLUE).text(title, { width });
  doc.moveDown(0.4).fontSize(9).fillColor('#333');
  doc.text(`${t.task}: ${task.id}`);
  doc.text(`${t.submitted}: ${formatTime(task.created_at, timeZone)}    ${t.finished}: ${formatTime(task.finished_at, timeZone)}`);
  if (!result) {
    const error = lang === 'zh' ? task.error_zh : task.error_en;
    if (error) doc.fillColor('#a8071a').text(error);
    return report.end();
  }
  if (result.sampleName) doc.text(`${t.sample}: ${result.sampleName}`);
  doc.text(`${t.panel}: ${result.panel.name[lang]}${result.profile ? `    ${t.profile}: ${result.profile}` : ''}`);
  doc.text(`${t.matrix}: ${result.matrix.name[lang]} (${result.matrix.taxa})`);

  const id = result.identification;
  const call = id.call;
  const statement = biochemStatement(id);
  const claimed = biochemHistoryCall(statement);

  // The call.
  heading(t.call);
  const headline = id.headline;
  const callY = doc.y;
  if (headline?.kind === 'unacceptable') {
    // Said first, in the reader's language; the nearest taxa follow only as such.
    doc.font(text).fontSize(15).fillColor(LEVEL_COLOUR.unacceptable ?? '#a8071a').text(headline.name[lang], left, callY);
    doc.fontSize(9).fillColor('#444').text(t.nearestBelow, left, doc.y + 2, { width });
    doc.y += 4;
  } else if (headline && (headline.kind === 'complex' || headline.kind === 'morphology-group')) {
    if (lang === 'zh') doc.font(text).fontSize(15).fillColor('#000').text(headline.name.zh, left, callY);
    else if (headline.kind === 'complex') name(headline.name.en, left, callY, 15, width, '#000');
    else doc.font(text).fontSize(15).fillColor('#000').text(headline.name.en, left, callY);
    doc.y = Math.max(doc.y, callY + 20);
    doc.font(text).fontSize(9).fillColor('#444').text(`${t.settledBy}: ${headline.settles[lang]}`, left, doc.y, { width });
  } else if (statement.rank === 'genus') {
    // Only the genus earns a label: headed as the genus, its best species only as the closest.
    const parts = callHeadlineParts(claimed, lang);
    let x = left;
    for (const part of parts) {
      // Latin in Helvetica moved down to the CJK font's baseline; the Chinese words stay in the text font.
      const latin = part.italic || !/[\u3000-\u9fff]/.test(part.text);
      doc.font(part.italic ? italic : latin ? 'Helvetica' : text).fontSize(15).fillColor('#000').text(part.text, x, latin ? callY + latinDrop * 15 : callY, { lineBreak: false });
      x += doc.widthOfString(part.text);
    }
    doc.x = left;
    doc.y = callY + 20;
    if (statement.closest) {
      const label = `${CLOSEST_LABEL[lang]}${lang === 'zh' ? '：' : ': '}`;
      doc.font(text).fontSize(10).fillColor('#444').text(label, left, doc.y, { lineBreak: false });
      name(statement.closest, left + doc.widthOfString(label), doc.y, 10, width / 2, '#444');
      doc.x = left;
      doc.y += 14;
    }
  } else {
    name(call.taxon, left, callY, 15, width, '#000');
    doc.y = callY + 20;
  }
  doc.x = left;
  if (call.zh && statement.rank === 'species' && headline?.kind !== 'complex') doc.font(text).fontSize(10).fillColor('#444').text(call.zh, left, doc.y);
  if (headline?.kind === 'presumptive') doc.font(text).fontSize(9).fillColor('#614700').text(headline.settles[lang], left, doc.y, { width });
  // The label and %ID of what is claimed; a morphology group has neither (its row's %ID is its model species').
  const stated = statement.label ? `${statement.label[lang]}    %ID ${pct(statement.percentId ?? undefined)}    T ${(statement.typicity ?? 0).toFixed(2)}` : t.groupNoLabel;
  doc.font(text).fontSize(10).fillColor(statement.level ? (LEVEL_COLOUR[statement.level] ?? '#222') : '#444').text(stated, left, doc.y + 2, { width });
  doc.fillColor('#222').fontSize(9);
  // A complex or a morphology group already says what settles it.
  const next = headline?.kind === 'complex' || headline?.kind === 'morphology-group' ? null : nextStep(result.panel.id === 'primary' ? 'morphology' : 'biochem', claimed);
  if (next) doc.moveDown(0.2).fillColor('#0050b3').text(next[lang], left, doc.y, { width }).fillColor('#222');
  if (id.groupCall && statement.rank === 'species') {
    const y = doc.y + 3;
    const label = `${t.groupCall[id.groupCall.kind]}: `;
    doc.text(label, left, y, { lineBreak: false });
    const after = name(id.groupCall.name, left + doc.widthOfString(label), y, 9, width / 2);
    doc.fontSize(9).text(`   %ID ${pct(id.groupCall.percentId)}   ${levelLabel(id.groupCall.level, lang)}`, after, y, { lineBreak: false });
    doc.x = left;
    doc.y = y + 13;
  }
  if (call.note) doc.moveDown(0.2).fillColor('#a8071a').text(call.note[lang], left, doc.y, { width }).fillColor('#222');
  if (call.testsAgainst.length) {
    doc.moveDown(0.2).text(`${t.columns.against}: ${call.testsAgainst.map((x) => `${x.code}${sign(x.entered)} (${pct(x.percentPositive)} %)`).join(', ')}`, left, doc.y, { width });
  }

  // The picture: each counted test, the reaction entered and the % positive of the first candidates.
  const shown: BiochemCandidate[] = id.candidates.slice(0, 4);
  const codes = shown[0]?.tests.map((x) => x.code) ?? [];
  if (codes.length) {
    heading(t.picture);
    const labelWidth = 120;
    // Rows of at most 24 tests, as even as they come (43 conventional tubes: 22 + 21).
    const perRow = Math.ceil(codes.length / Math.ceil(codes.length / 24));
    const cell = Math.min(22, (width - labelWidth) / perRow);
    const rowHeight = 14;
    for (let start = 0; start < codes.length; start += perRow) {
      const block = codes.slice(start, start + perRow);
      room(rowHeight * (shown.length + 2) + 12);
      const top = doc.y;
      block.forEach((code, i) => {
        doc.font(text).fontSize(5.5).fillColor('#444').text(code, left + labelWidth + i * cell, top + 3, { width: cell, align: 'center', lineBreak: false });
      });
      // The reactions entered.
      const enteredY = top + rowHeight;
      doc.font(text).fontSize(7.5).fillColor('#222').text(t.entered, left, enteredY + 3, { width: labelWidth - 6, lineBreak: false });
      block.forEach((code, i) => {
        const entered = shown[0]!.tests.find((x) => x.code === code)!.entered;
        const x = left + labelWidth + i * cell;
        doc.rect(x + 0.5, enteredY + 0.5, cell - 1, rowHeight - 1).fill(entered === '+' ? '#389e0d' : '#ffffff');
        doc.rect(x + 0.5, enteredY + 0.5, cell - 1, rowHeight - 1).lineWidth(0.4).stroke('#bfbfbf');
        doc.font(text).fontSize(8).fillColor(entered === '+' ? '#ffffff' : '#262626').text(sign(entered), x, enteredY + 2.5, { width: cell, align: 'center', lineBreak: false });
      });
      shown.forEach((candidate, r) => {
        const y = enteredY + (r + 1) * rowHeight;
        candidateName(candidate, left, y + 3, 7, labelWidth - 6);
        block.forEach((code, i) => {
          const test = candidate.tests.find((x) => x.code === code);
          const x = left + labelWidth + i * cell;
          const colour = shade(test?.percentPositive);
          doc.rect(x + 0.5, y + 0.5, cell - 1, rowHeight - 1).fill(colour.fill);
          const value = test?.percentPositive === undefined ? '?' : String(Math.round(test.percentPositive));
          doc.font(text).fontSize(5.5).fillColor(colour.ink).text(value, x, y + 4, { width: cell, align: 'center', lineBreak: false });
          if (test?.against) doc.rect(x + 1, y + 1, cell - 2, rowHeight - 2).lineWidth(1.2).stroke('#cf1322');
        });
      });
      doc.x = left;
      doc.y = enteredY + (shown.length + 1) * rowHeight + 6;
    }
    doc.font(text).fontSize(7).fillColor('#555').text(t.pictureNote, left, doc.y, { width });
    doc.fillColor('#222');
  }

  // The candidates.
  heading(t.candidates);
  const columns = [
    { label: '#', width: 16 },
    { label: t.columns.taxon, width: 150 },
    { label: t.columns.percentId, width: 36 },
    { label: t.columns.typicity, width: 28 },
    { label: t.columns.against, width: width - 230 },
  ];
  const header = () => {
    room(16);
    const y = doc.y;
    let cx = left;
    for (const c of columns) {
      doc.font(text).fontSize(7.5).fillColor('#000').text(c.label, cx, y, { width: c.width - 4, lineBreak: false });
      cx += c.width;
    }
    doc.y = y + 12;
  };
  header();
  // The row a call stands on is not repeated; the quality label is the call's, not each candidate's.
  for (const { candidate: listed } of biochemList(id).slice(1)) {
    const candidate = listed!;
    const against = candidate.testsAgainst.map((x) => `${x.code}${sign(x.entered)} ${pct(x.percentPositive)}%`).join(', ');
    doc.font(text).fontSize(7.5);
    const height = Math.max(12, doc.heightOfString(against || '—', { width: columns[4]!.width - 4 }) + 3);
    room(height);
    const y = doc.y;
    let cx = left;
    doc.fillColor('#222').text(String(candidate.rank), cx, y, { width: columns[0]!.width - 4, lineBreak: false });
    cx += columns[0]!.width;
    candidateName(candidate, cx, y, 7.5, columns[1]!.width - 4);
    cx += columns[1]!.width;
    doc.font(text).fontSize(7.5).fillColor('#222');
    doc.text(pct(candidate.percentId), cx, y, { width: columns[2]!.width - 4, lineBreak: false });
    cx += columns[2]!.width;
    doc.text(candidate.typicity.toFixed(2), cx, y, { width: columns[3]!.width - 4, lineBreak: false });
    cx += columns[3]!.width;
    doc.text(against || '—', cx, y, { width: columns[4]!.width - 4 });
    doc.x = left;
    doc.y = y + height;
  }

  // The next tests.
  if (id.nextTests.length) {
    heading(t.nextTests);
    doc.font(text).fontSize(8).fillColor('#555').text(t.nextTestsNote, left, doc.y, { width });
    doc.moveDown(0.3);
    const pool = id.nextTests[0]!.expected.map((e) => e.taxon);
    const first = 150;
    const each = Math.min(90, (width - first) / pool.length);
    room(24);
    const y0 = doc.y;
    // Named as the candidates are: a group such as "Coagulase-negative staphylococci" by its Chinese name on the Chinese report.
    pool.forEach((taxon, i) => {
      const candidate = id.candidates.find((c) => c.taxon === taxon);
      if (candidate) candidateName(candidate, left + first + i * each, y0, 6.5, each - 4);
      else name(taxon, left + first + i * each, y0, 6.5, each - 4);
    });
    doc.y = y0 + 12;
    for (const next of id.nextTests) {
      room(12);
      const y = doc.y;
      doc.font(text).fontSize(7.5).fillColor('#222').text(`${next.code} · ${next.name[lang]}`, left, y, { width: first - 6, lineBreak: false, ellipsis: true });
      pool.forEach((taxon, i) => {
        const e = next.expected.find((x) => x.taxon === taxon);
        doc.text(e?.percentPositive === undefined ? '?' : `${Math.round(e.percentPositive)} %`, left + first + i * each, y, { width: each - 4, lineBreak: false });
      });
      doc.y = y + 12;
    }
    doc.x = left;
  }

  // The reactions entered, and notes.
  heading(t.reactions);
  doc.font(text).fontSize(8).fillColor('#222').text(result.reactions.map((r) => `${r.code}${sign(r.reaction)}`).join('  '), left, doc.y, { width });
  const notes: string[] = [];
  if (id.impliedByGroup.length) notes.push(t.implied.replace('{codes}', id.impliedByGroup.join(', ')));
  for (const note of notes) doc.moveDown(0.3).fillColor('#614700').text(note, left, doc.y, { width }).fillColor('#222');

  room(60);
  doc.moveDown(1).font(text).fontSize(7.5).fillColor('#555').text(`${t.method} ${t.matrix}: ${biochemMatrixSource(result.matrix.id, result.matrix.source, lang)}${lang === 'zh' ? '。' : '.'}`, left, doc.y, { width });
  return report.end();
}

