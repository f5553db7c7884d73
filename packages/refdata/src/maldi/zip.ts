import yauzl from 'yauzl';
import { formatBytes, SpectrumFileError } from './errors';
import { parseFlex } from './flex';
import { DEFAULT_LIMITS, type MaldiSpectrum, type SpectrumLimits } from './types';

/** File endings of single-file spectra a zip may hold beside flex folders. */
export const SPECTRUM_FILE_ENDINGS = ['.mzml', '.mzxml', '.spectrum', '.txt', '.csv', '.tsv'] as const;

function baseName(entry: string): string {
  const i = entry.lastIndexOf('/');
  return i < 0 ? entry : entry.slice(i + 1);
}

function dirName(entry: string): string {
  const i = entry.lastIndexOf('/');
  return i < 0 ? '' : entry.slice(0, i);
}

/** Entries worth unpacking: flex `fid`/`acqu` and single-file spectra, not macOS resource forks. */
function wanted(entry: string): 'fid' | 'acqu' | 'file' | null {
  if (entry.endsWith('/') || entry.startsWith('__MACOSX/') || entry.includes('/__MACOSX/')) return null;
  const base = baseName(entry);
  if (base.startsWith('._')) return null;
  if (base === 'fid') return 'fid';
  if (base === 'acqu' || base === 'acqus') return 'acqu';
  const lower = base.toLowerCase();
  return SPECTRUM_FILE_ENDINGS.some((e) => lower.endsWith(e)) ? 'file' : null;
}

/**
 * The spectra of a zip: Bruker flex folders (`…/fid` + `…/acqu`; one spot or a whole target) and
 * single-file spectra (mzML, text), read by `parseSingle`. Sizes are checked on the zip's central
 * directory before anything is unpacked, and each entry is inflated only up to its declared size
 * (yauzl stops a stream that yields more): a zip bomb is refused, not inflated.
 */
export async function parseSpectrumZip(
  bytes: Uint8Array,
  file: string,
  parseSingle: (bytes: Uint8Array, name: string) => MaldiSpectrum[],
  limits: SpectrumLimits = DEFAULT_LIMITS,
): Promise<MaldiSpectrum[]> {
  if (bytes.length > limits.zipFile) {
    throw new SpectrumFileError(file, 'too-large', { zh: `zip 文件 ${formatBytes(bytes.length)}，超过上限 ${formatBytes(limits.zipFile)}。`, en: `the zip file is ${formatBytes(bytes.length)}, above the limit of ${formatBytes(limits.zipFile)}.` });
  }
  const unreadable = (err: unknown) =>
    new SpectrumFileError(file, 'zip', {
      // The zip library's reason is English: the Chinese message says what it means instead of quoting it.
      zh: '无法读取 zip 文件：文件可能损坏或不完整（例如上传中断）。请重新打包后上传。',
      en: `the zip cannot be read (${(err as Error).message}): it may be damaged or incomplete.`,
    });
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true, strictFileNames: false, validateEntrySizes: true });
  } catch (err) {
    throw unreadable(err);
  }
  try {
    if (zip.entryCount > limits.zipEntries) {
      throw new SpectrumFileError(file, 'zip-bomb', { zh: `zip 中的条目超过 ${limits.zipEntries} 个。`, en: `the zip holds more than ${limits.zipEntries} entries.` });
    }
    // First pass: the central directory only, so that a hostile zip is refused before any inflating.
    const chosen: Array<{ entry: yauzl.Entry; name: string; kind: 'fid' | 'acqu' | 'file' }> = [];
    let unpacked = 0;
    let spectra = 0;
    let points = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = entry.fileName.replace(/\\/g, '/');
        const kind = wanted(name);
        if (!kind) continue;
        const shown = `${file}:${name}`;
        if (entry.isEncrypted()) {
          throw new SpectrumFileError(shown, 'zip', { zh: '文件已加密，无法读取。', en: 'the entry is encrypted and cannot be read.' });
        }
        const lower = name.toLowerCase();
        const limit = kind === 'fid' ? limits.fidFile : kind === 'acqu' ? limits.acquFile : lower.endsWith('.mzml') || lower.endsWith('.mzxml') ? limits.mzmlFile : lower.endsWith('.spectrum') ? limits.spectrumFile : limits.textFile;
        const size = entry.uncompressedSize;
        if (size > limit) {
          throw new SpectrumFileError(shown, 'too-large', { zh: `解压后 ${formatBytes(size)}，超过上限 ${formatBytes(limit)}。`, en: `it unpacks to ${formatBytes(size)}, above the limit of ${formatBytes(limit)}.` });
        }
        if (size > 1024 * 1024 && size > limits.zipRatio * Math.max(1, entry.compressedSize)) {
          throw new SpectrumFileError(shown, 'zip-bomb', {
            zh: `压缩比异常（${formatBytes(entry.compressedSize)} 解压为 ${formatBytes(size)}），疑为 zip 炸弹。`,
            en: `an implausible compression ratio (${formatBytes(entry.compressedSize)} unpacking to ${formatBytes(size)}): a zip bomb?`,
          });
        }
        unpacked += size;
        if (unpacked > limits.zipUnpacked) {
          throw new SpectrumFileError(file, 'zip-bomb', { zh: `解压后的谱图文件超过 ${formatBytes(limits.zipUnpacked)}。`, en: `the spectrum files unpack to more than ${formatBytes(limits.zipUnpacked)}.` });
        }
        if (kind !== 'acqu' && ++spectra > limits.zipSpectra) {
          throw new SpectrumFileError(file, 'too-large', { zh: `zip 中的谱图超过 ${limits.zipSpectra} 个。`, en: `the zip holds more than ${limits.zipSpectra} spectra.` });
        }
        // A fid holds 4 bytes a point; a text or mzML spectrum at least about 10 bytes a point.
        const entryPoints = kind === 'fid' ? Math.ceil(size / 4) : kind === 'file' ? Math.ceil(size / 10) : 0;
        if (kind === 'fid' && entryPoints > limits.points) {
          throw new SpectrumFileError(shown, 'too-large', { zh: `该谱图有 ${entryPoints.toLocaleString('en')} 个数据点，超过每个谱图的上限 ${limits.points.toLocaleString('en')}。`, en: `the spectrum holds ${entryPoints.toLocaleString('en')} points, above the limit of ${limits.points.toLocaleString('en')} a spectrum.` });
        }
        points += entryPoints;
        if (points > limits.zipPoints) {
          throw new SpectrumFileError(file, 'too-large', {
            zh: `zip 中的谱图合计超过 ${limits.zipPoints.toLocaleString('en')} 个数据点（谱图数 × 每个谱图的点数；已计 ${spectra} 个谱图）。请把靶板分成几批上传。`,
            en: `the spectra of the zip hold more than ${limits.zipPoints.toLocaleString('en')} data points together (spots × points a spot; ${spectra} spectra counted so far). Upload the plate in parts.`,
          });
        }
        chosen.push({ entry, name, kind });
      }
    } catch (err) {
      throw err instanceof SpectrumFileError ? err : unreadable(err);
    }

    const byDir = new Map<string, { fid?: Uint8Array; acqu?: Uint8Array }>();
    const singles: Array<[string, Uint8Array]> = [];
    for (const { entry, name, kind } of chosen) {
      let data: Buffer;
      try {
        const stream = await zip.openReadStreamPromise(entry);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        data = Buffer.concat(chunks);
      } catch (err) {
        throw new SpectrumFileError(`${file}:${name}`, 'zip', {
          zh: '无法解压该文件：zip 可能损坏。请重新打包后上传。',
          en: `it cannot be unpacked (${(err as Error).message}): the zip may be damaged.`,
        });
      }
      if (kind === 'file') singles.push([name, data]);
      else {
        const dir = dirName(name);
        const slot = byDir.get(dir) ?? {};
        // Both acqu and acqus in one folder: acqu is the one flexControl reads.
        if (kind === 'fid' || !slot.acqu || baseName(name) === 'acqu') slot[kind] = data;
        byDir.set(dir, slot);
      }
    }
    const out: Array<{ key: string; spectra: MaldiSpectrum[] }> = [];
    for (const [dir, { fid, acqu }] of byDir) {
      const name = `${file}:${dir || '.'}`;
      if (!fid) continue; // an acqu alone (e.g. beside a processed spectrum) holds no data
      if (!acqu) {
        throw new SpectrumFileError(name, 'acqu', { zh: 'fid 旁边没有 acqu（或 acqus）文件，无法计算 m/z。', en: 'the fid has no acqu (or acqus) file beside it, so m/z cannot be computed.' });
      }
      out.push({ key: dir, spectra: [parseFlex(fid, acqu, name, limits)] });
    }
    for (const [name, data] of singles) out.push({ key: name, spectra: parseSingle(data, `${file}:${name}`) });
    if (out.length === 0) {
      throw new SpectrumFileError(file, 'no-spectra', {
        zh: 'zip 中没有谱图（应含 Bruker flex 文件夹的 fid 与 acqu/acqus，或 mzML、mzXML、文本谱图）。',
        en: 'the zip holds no spectrum (expected Bruker flex folders with fid and acqu/acqus, or mzML, mzXML or text spectra).',
      });
    }
    out.sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }));
    return out.flatMap((o) => o.spectra);
  } finally {
    zip.close();
  }
}
