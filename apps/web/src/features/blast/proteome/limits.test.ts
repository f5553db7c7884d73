import { describe, expect, it } from 'vitest';
import { limitsLine, tooLargeParts } from './limits';

// What /api/blast/info says the proteome method reads (its formats and their limits).
const formats = [
  { format: 'zip', endings: ['.zip'], limit: 32 << 20, what: { zh: '', en: '' } },
  { format: 'mzml', endings: ['.mzML'], limit: 32 << 20, what: { zh: '', en: '' } },
  { format: 'mzxml', endings: ['.mzXML'], limit: 32 << 20, what: { zh: '', en: '' } },
  { format: 'text', endings: ['.spectrum'], limit: 300 * 1024, what: { zh: '', en: '' } },
  { format: 'text', endings: ['.txt', '.csv', '.tsv'], limit: 8 << 20, what: { zh: '', en: '' } },
];

describe('MALDI-TOF upload limits as the dialog states them', () => {
  it('the drop zone states each format\'s limit, not the upload\'s 32 MB alone', () => {
    expect(limitsLine(formats, 32 << 20)).toBe('.zip .mzML .mzXML ≤ 32 MB · .spectrum ≤ 300 KB · .txt .csv .tsv ≤ 8 MB');
  });

  it('a too-large .spectrum is told its limit in its own unit and which formats carry a whole spectrum', () => {
    const spectrum = formats[3]!;
    const parts = tooLargeParts({ name: 'F10.spectrum', size: 324 * 1024 }, spectrum, formats, 32 << 20);
    expect(parts).toEqual({ size: '324 KB', limit: '300 KB', ending: '.spectrum', instead: '.mzML (≤ 32 MB), .mzXML (≤ 32 MB), .txt .csv .tsv (≤ 8 MB)' });
    // Other formats are told their limit alone.
    expect(tooLargeParts({ name: 'big.CSV', size: 9 << 20 }, formats[4]!, formats, 32 << 20)).toMatchObject({ limit: '8 MB', ending: '.csv', instead: null });
  });
});
