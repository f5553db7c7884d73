import { CLOSEST_LABEL, callHeadline, callLine, nextStep, type Language } from '@mdc/core/identify';
import { answerCall, answerList, explainScore, roundScore, type MainSpectrumPeak, type Peak } from '@mdc/core/identify/proteome';
import { reportDocument } from '../../reports/pdf-document';
import { defaultTimeZone, formatTime } from '../../reports/time';
import type { TaskRow } from '../tasks';

/** The fields of a task row the PDF prints (all a thread needs to be sent). */
export type PdfTask = Pick<TaskRow, 'id' | 'file_name' | 'created_at' | 'finished_at' | 'error_zh' | 'error_en' | 'result'>;
import { fill, PROTEOME_REPORT_TEXT, spectrumName, spectrumNotes } from './report';
import type { ProteomeTaskResult } from './schemas';

const BLUE = '#0b3d5c';
export const BAND_COLOUR = { subspecies: '#135200', species: '#389e0d', genus: '#d48806', none: '#a8071a' } as const;
const MATCHED = '#389e0d';
const GREY = '#8c8c8c';

/** What the picture of one spectrum needs: the query (profile and peaks) and the top hit's main spectrum. */
export interface SpectrumPicture {
  /** m/z and intensity interleaved (a typed array passes to the PDF thread without a copy). */
  profile: Float64Array | null;
  peaks: Peak[];
  reference: MainSpectrumPeak[] | null;
}

/**
 * The query spectrum above the axis and the reference main spectrum mirrored below it, matched
 * peaks in green: the Biotyper's comparison view, drawn into the PDF.
 */
function drawMirror(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, picture: SpectrumPicture, range: [number, number], tolerancePpm: number, font: string) {
  const [from, to] = range;
  const half = (height - 14) / 2;
  const axis = y + half;
  const px = (mz: number) => x + ((Math.max(from, Math.min(to, mz)) - from) / (to - from)) * width;
  doc.save();
  doc.rect(x, y, width, height - 14).lineWidth(0.4).stroke('#d9d9d9');
  doc.moveTo(x, axis).lineTo(x + width, axis).lineWidth(0.5).stroke('#595959');
  const profile = picture.profile;
  let queryMax = Math.max(1e-12, ...picture.peaks.map((p) => p.intensity));
  if (profile) for (let i = 1; i < profile.length; i += 2) queryMax = Math.max(queryMax, profile[i]!);
  if (profile && profile.length > 2) {
    doc.moveTo(px(profile[0]!), axis - (Math.max(0, profile[1]!) / queryMax) * (half - 4));
    for (let i = 2; i + 1 < profile.length; i += 2) doc.lineTo(px(profile[i]!), axis - (Math.max(0, profile[i + 1]!) / queryMax) * (half - 4));
    doc.lineWidth(0.5).stroke('#1d39c4');
  }
  const matched = picture.reference ? explainScore(picture.peaks, picture.reference, tolerancePpm).matched : [];
  const matchedQuery = new Set(matched.map((m) => m.queryMz));
  const matchedReference = new Set(matched.map((m) => m.referenceMz));
  for (const p of picture.peaks) {
    const top = axis - (p.intensity / queryMax) * (half - 4);
    if (!profile) doc.moveTo(px(p.mz), axis).lineTo(px(p.mz), top).lineWidth(0.7).stroke(matchedQuery.has(p.mz) ? MATCHED : GREY);
    doc.circle(px(p.mz), top - 2, 1.3).fill(matchedQuery.has(p.mz) ? MATCHED : GREY);
  }
  if (picture.reference) {
    const refMax = Math.max(1e-12, ...picture.reference.map((p) => p.intensity));
    for (const p of picture.reference) {
      doc.moveTo(px(p.mz), axis).lineTo(px(p.mz), axis + (p.intensity / refMax) * (half - 4)).lineWidth(0.8).stroke(matchedReference.has(p.mz) ? MATCHED : GREY);
    }
  }
  doc.restore();
  const step = to - from > 12000 ? 2000 : 1000;
  for (let mz = Math.ceil(from / step) * step; mz <= to; mz += step) {
    doc.font(font).fontSize(6).fillColor('#666').text(String(mz), px(mz) - 12, y + height - 12, { width: 24, align: 'center', lineBreak: false });
  }
  doc.font(font).fontSize(6).fillColor('#666').text('m/z', x + width - 14, y + height - 6, { lineBreak: false });
}

/**
 * The proteome result as a PDF, in the reader's language: the plate at a glance, then every
 * spectrum with its call, band, runner-up, the mirrored picture of its top hit and its top ten.
 * Species names in italics, as printed in the literature.
 */
export async function proteomePdf(task: PdfTask, lang: Language, pictures: Map<number, SpectrumPicture>, timeZone = defaultTimeZone(lang)): Promise<Buffer> {
  const t = PROTEOME_REPORT_TEXT[lang];
  const result = task.result as ProteomeTaskResult | null;
  const report = reportDocument(`${t.report} ${task.id}`);
  const { doc, text, left, width, room } = report;
  const oblique = 'Helvetica-Oblique';
  // Helvetica-Oblique has Latin glyphs only: Chinese (a species written in Chinese, "无可靠鉴定")
  // drawn with it comes out as mojibake, so such text keeps the CJK font.
  const latinOnly = (value: string) => /^[\u0000-\u024f\u2000-\u206f]*$/.test(value);
  const italicFor = (value: string) => (latinOnly(value) && value !== t.noCall ? oblique : text);
  const italic = oblique;
  const heading = (label: string, size = 12) => {
    room(60);
    doc.moveDown(0.8).font(text).fontSize(size).fillColor(BLUE).text(label, left, doc.y, { width });
    doc.moveDown(0.2).fontSize(9).fillColor('#222');
  };

  doc.font(text).fontSize(15).fillColor(BLUE).text(t.report, { width });
  doc.moveDown(0.4).fontSize(9).fillColor('#333');
  doc.text(`${lang === 'zh' ? '任务' : 'Task'}: ${task.id}    ${t.file}: ${task.file_name ?? ''}`);
  doc.text(`${lang === 'zh' ? '提交时间' : 'Submitted'}: ${formatTime(task.created_at, timeZone)}    ${lang === 'zh' ? '完成时间' : 'Finished'}: ${formatTime(task.finished_at, timeZone)}`);
  if (!result) {
    const error = lang === 'zh' ? task.error_zh : task.error_en;
    if (error) doc.fillColor('#a8071a').text(error);
    return report.end();
  }
  doc.text(`${t.library}: ${fill(t.libraryValue, { n: result.library.entries, s: result.library.species, own: result.library.own })}    ${t.spectra}: ${result.spectra.length}`);
  const plate = result.spectra.length > 1;

  /** One line of parts in different fonts on a common baseline (a species in italics inside Chinese text). */
  const mixed = (parts: { value: string; font: string }[], size = 9) => {
    const y = doc.y;
    let x = left;
    for (const part of parts) {
      doc.font(part.font === oblique ? italicFor(part.value) : part.font).fontSize(size).fillColor('#222').text(part.value, x, y + size, { lineBreak: false, baseline: 'alphabetic' });
      x += doc.widthOfString(part.value);
    }
    doc.x = left;
    doc.y = y + size * 1.4;
  };

  type Column = { label: string; width: number; italic?: boolean; colour?: (i: number) => string | undefined };
  const table = (columns: Column[], rows: string[][], colours: (string | undefined)[] = []) => {
    const row = (values: string[], header: boolean, index = -1) => {
      doc.fontSize(7.5).fillColor(header ? '#000' : '#222');
      const height = header ? Math.max(...values.map((v, i) => doc.font(text).heightOfString(v, { width: columns[i]!.width - 4 }))) + 3 : 12;
      room(height + 2);
      const y = doc.y;
      let cx = left;
      values.forEach((value, i) => {
        const column = columns[i]!;
        doc.font(!header && column.italic ? italicFor(value) : text).fillColor(!header && column.colour ? (colours[index] ?? '#222') : header ? '#000' : '#222');
        // Body cells sit on one baseline: the CJK font and Helvetica's italic have different ascents.
        if (header) doc.text(value, cx, y, { width: column.width - 4 });
        else doc.text(value, cx, y + 9, { width: column.width - 4, lineBreak: false, ellipsis: true, baseline: 'alphabetic' });
        cx += column.width;
      });
      doc.x = left;
      doc.y = y + height;
    };
    row(columns.map((c) => c.label), true);
    rows.forEach((values, i) => row(values, false, i));
  };

  if (plate) {
    heading(t.plate);
    table(
      [
        { label: t.columns.spot, width: 90 },
        { label: t.columns.answer, width: 170, italic: true },
        { label: t.columns.score, width: 45, colour: () => undefined },
        { label: t.columns.level, width: 60, colour: () => undefined },
        { label: t.columns.carriedBy, width: 90 },
        { label: t.columns.note, width: width - 455 },
      ],
      result.spectra.map((s) => {
        const c = s.combined;
        const name = c ? (c.name ? callLine(answerCall(c), lang) : t.noCall) : s.call && s.level !== 'none' ? s.call.species : t.noCall;
        const score = c ? (c.score === null ? '' : roundScore(c.score).toFixed(2)) : s.call ? roundScore(s.call.score).toFixed(2) : '';
        return [
          spectrumName(s, plate),
          name,
          score,
          c ? t.answerLevel[c.level] : t.levelShort[s.level],
          c ? t.carriedByShort[c.carriedBy] : '',
          [s.closeRunnerUp ? '≈' : '', s.mixture ? t.mixture : '', s.sameSpectrum ? (lang === 'zh' ? '自身比对' : 'self-match') : ''].filter(Boolean).join(' · '),
        ];
      }),
      result.spectra.map((s) => BAND_COLOUR[s.combined?.level ?? s.level]),
    );
  }

  const range: [number, number] = [result.parameters.preprocess.mzFrom, result.parameters.preprocess.mzTo];
  for (const s of result.spectra) {
    // Two spots to a page: a spot's picture and its top ten take a little under half of one.
    if (plate) room(400);
    heading(plate ? `${t.columns.spectrum} ${s.position + 1}: ${spectrumName(s, plate)}` : s.combined ? t.answer : t.call, plate ? 11 : 12);
    if (plate) doc.font(text).fontSize(7.5).fillColor('#666').text(s.file, { width }).fontSize(9).fillColor('#222');
    const c = s.combined;
    // Whether the library's first entry is the answer; otherwise its entries are only the closest.
    const fromLibrary = answerList(s.hits, c)[0]?.hit != null;
    if (c) {
      // The answer from both paths first, with the evidence that carried it.
      // At genus level the genus is the answer ("Escherichia sp."), its species only the closest.
      const claim = answerCall(c);
      const answerName = c.name ? callHeadline(claim, lang) : t.noCall;
      doc.font(c.name ? italicFor(answerName) : text).fontSize(14).fillColor(BAND_COLOUR[c.level]).text(answerName, { width });
      if (claim.closest) mixed([{ value: `${CLOSEST_LABEL[lang]}${lang === 'zh' ? '：' : ': '}`, font: text }, { value: claim.closest, font: oblique }]);
      doc.font(text).fontSize(9).fillColor('#222').text(`${t.answerLevel[c.level]}${c.score === null ? '' : `  ·  ${t.columns.score} ${roundScore(c.score).toFixed(2)}`}  ·  ${t.columns.carriedBy}: ${t.carriedBy[c.carriedBy]}`, { width });
      doc.fillColor('#444').text(c.text[lang], { width }).fillColor('#222');
      const next = nextStep('proteome', claim);
      if (next) doc.fillColor('#0050b3').text(next[lang], { width }).fillColor('#222');
      if (s.libraryFree) {
        const lf = s.libraryFree;
        doc.moveDown(0.3).font(text).fontSize(9).fillColor(BLUE).text(t.libraryFree, { width }).fillColor('#222');
        if (lf.level !== 'none') mixed([{ value: lf.label, font: oblique }, { value: `  ${t.columns.score} ${roundScore(lf.score).toFixed(2)}`, font: text }]);
        doc.font(text).fontSize(8).fillColor('#444').text(lf.text[lang], left, doc.y, { width }).fillColor('#222');
      }
      doc.moveDown(0.3).font(text).fontSize(9).fillColor(BLUE).text(fromLibrary ? t.spectral : t.closestEntries, left, doc.y, { width }).fillColor('#222');
    }
    if (fromLibrary) {
      const name = s.call && s.level !== 'none' ? s.call.species : t.noCall;
      doc.font(s.call && s.level !== 'none' ? italicFor(name) : text).fontSize(c ? 11 : 14).fillColor(BAND_COLOUR[s.level]).text(name, { width });
      doc.font(text).fontSize(9).fillColor('#222');
      if (s.call) doc.text(`${t.columns.score} ${roundScore(s.call.score).toFixed(2)}  ·  ${t.level[s.level]}${s.call.strain ? `  ·  ${t.columns.strain} ${s.call.strain}` : ''}`, { width });
    } else if (s.call) {
      // Not the answer: the library's nearest entry, its score, and no level of its own.
      doc.font(italicFor(s.call.species)).fontSize(11).fillColor('#444').text(s.call.species, { width });
      doc.font(text).fontSize(9).fillColor('#222').text(`${t.columns.score} ${roundScore(s.call.score).toFixed(2)}${s.call.strain ? `  ·  ${t.columns.strain} ${s.call.strain}` : ''}`, { width });
    }
    if (s.runnerUp && fromLibrary) {
      mixed([
        { value: `${t.runnerUp}: `, font: text },
        { value: s.runnerUp.species, font: italic },
        { value: `  ${roundScore(s.runnerUp.score).toFixed(2)}`, font: text },
      ]);
    }
    // The band is said above; the text adds what needs care (a close runner-up, a mixture, no call).
    // Beside an answer from other evidence the library's own verdict ("no reliable identification") is not said again.
    if (fromLibrary ? s.closeRunnerUp || s.mixture || s.noReliableIdentification : !!s.mixture) doc.moveDown(0.2).fillColor('#614700').text(s.text[lang], left, doc.y, { width }).fillColor('#222');

    const picture = pictures.get(s.position);
    if (picture && s.call) {
      room(190);
      doc.moveDown(0.4).font(text).fontSize(8).fillColor('#444').text(t.picture, { width });
      const top = doc.y + 2;
      drawMirror(doc, left, top, width, 170, picture, range, result.parameters.identify.tolerancePpm, text);
      doc.x = left;
      doc.y = top + 176;
    }
    if (s.hits.length) {
      doc.font(text).fontSize(9).fillColor(BLUE).text(fromLibrary ? t.hits : t.closestEntries, left, doc.y, { width });
      doc.moveDown(0.2);
      table(
        [
          { label: '#', width: 20 },
          { label: t.columns.species, width: 135, italic: true },
          { label: t.columns.strain, width: 80 },
          { label: t.columns.score, width: 40, colour: () => undefined },
          { label: t.columns.matched, width: 50 },
          { label: t.columns.queryShare, width: 65 },
          { label: t.columns.referenceShare, width: 65 },
          // Wide enough for "correlation" on one line (it was split "correlati on").
          { label: t.columns.correlation, width: width - 455 },
        ],
        s.hits.map((h) => [
          String(fromLibrary ? h.rank : h.rank + 1),
          h.species,
          h.strain ?? '',
          roundScore(h.score).toFixed(2),
          String(h.matchedPeaks),
          (100 * h.queryMatchedShare).toFixed(0),
          (100 * h.referenceMatchedShare).toFixed(0),
          h.intensityCorrelation.toFixed(2),
        ]),
        // Only the answer's row in its band's colour: the entries below it are not calls.
        s.hits.map((h, i) => (i === 0 && fromLibrary ? BAND_COLOUR[h.level] : '#222')),
      );
    }
    const notes = spectrumNotes(s, result, lang);
    if (notes && plate) doc.moveDown(0.2).font(text).fontSize(8).fillColor('#614700').text(notes, left, doc.y, { width }).fillColor('#222');
  }

  room(60);
  doc.moveDown(1).font(text).fontSize(7.5).fillColor('#555').text(t.method, left, doc.y, { width });
  const p = result.parameters.preprocess;
  doc.text(
    `${t.parameters}: ${p.transform}, ${p.smoothing} (${p.smoothingHalfWindow}/${p.smoothingOrder}), ${p.baseline} (${p.snipIterations}), ${p.normalisation}, m/z ${p.mzFrom}–${p.mzTo}, S/N ≥ ${p.snr}, ≤ ${p.maxPeaks} peaks; ${result.parameters.identify.tolerancePpm} ppm.`,
    { width },
  );
  return report.end();
}
