/** A large WHONET file for the benchmarks, made from the shared sample (622 isolates). */
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';

/** Copies of the sample, each a week later and with its own patients, cut at `wanted` isolates. */
export async function sampleCopies(dataDir: string, work: string, wanted: number): Promise<string> {
  const text = readFileSync(path.join(dataDir, 'whonet/SampleInputFile.txt'), 'utf8');
  const [headerLine, ...rows] = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = headerLine!.split('|');
  const at = (name: string) => header.indexOf(name);
  const [rowAt, patientAt, dateAt, numberAt] = [at('ROW_IDX'), at('PATIENT_ID'), at('SPEC_DATE'), at('SPEC_NUM')];
  const file = path.join(work, `SampleInputFile.${wanted}.txt`);
  const out = createWriteStream(file);
  out.write(headerLine + '\n');
  let index = 0;
  for (let copy = 0; index < wanted; copy++) {
    for (const row of rows) {
      if (index >= wanted) break;
      const cells = row.split('|');
      cells[rowAt] = String(index++);
      if (cells[patientAt]) cells[patientAt] = `${cells[patientAt]}c${copy}`;
      if (cells[numberAt]) cells[numberAt] = `${cells[numberAt]}c${copy}`;
      const [d, m, y] = cells[dateAt]!.split(' ')[0]!.split('/').map(Number);
      const date = new Date(Date.UTC(y!, m! - 1, d! + copy * 7));
      cells[dateAt] = `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()} 12:00:00 AM`;
      if (!out.write(cells.join('|') + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return file;
}
