import { describe, expect, it } from 'vitest';
import { biochemPdf } from '../../src/blast/biochem/pdf';
import { genomePdf } from '../../src/blast/genome/pdf';
import { proteomePdf } from '../../src/blast/proteome/pdf';
import { pdfText } from '../support/pdf-text';

// Every method's report gives its times on the reader's clock, saying which: the genome, MALDI-TOF
// and biochemistry PDFs printed UTC whatever the reader (a Chinese lab read 02:00 for 10:00), while
// the 16S and ITS ones used the request's time zone or China's for Chinese.
const submitted = new Date('2026-11-29T02:00:00Z');
const finished = new Date('2026-11-29T02:00:07Z');
const failed = { id: 't1', file_name: 'isolate.txt', created_at: submitted, finished_at: finished, error_zh: '无法读取', error_en: 'unreadable', result: null };

const drawers = {
  genome: (lang: 'zh' | 'en', zone?: string) => genomePdf(failed as never, lang, zone),
  proteome: (lang: 'zh' | 'en', zone?: string) => proteomePdf(failed as never, lang, new Map(), zone),
  biochem: (lang: 'zh' | 'en', zone?: string) => biochemPdf(failed as never, lang, zone),
};

describe.each(Object.entries(drawers))('the %s report', (_name, draw) => {
  it('prints its times on the reader clock: China for Chinese, UTC for English, else the zone asked for', async () => {
    expect(pdfText(await draw('zh'))).toContain('2026-11-29 10:00:00 (Asia/Shanghai, UTC+08:00)');
    expect(pdfText(await draw('en'))).toContain('2026-11-29 02:00:07 (UTC)');
    expect(pdfText(await draw('en', 'Europe/Berlin'))).toContain('2026-11-29 03:00:00 (Europe/Berlin, UTC+01:00)');
  });
});
