import type { ProteomeInfo } from './api';

type Format = ProteomeInfo['formats'][number];

/** A size as the dialog states it, in its own unit: "300 KB", "32 MB". */
export function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What a format may weigh: its own limit within the upload's. */
export const formatLimit = (f: Format, maxBytes: number) => Math.min(f.limit, maxBytes);

/** Each limit once with the endings it holds for: ".zip .mzML .mzXML ≤ 32 MB · .spectrum ≤ 300 KB · .txt .csv .tsv ≤ 8 MB". */
export function limitsLine(formats: readonly Format[], maxBytes: number): string {
  const byLimit = new Map<number, string[]>();
  for (const f of formats) {
    const limit = formatLimit(f, maxBytes);
    byLimit.set(limit, [...(byLimit.get(limit) ?? []), ...f.endings]);
  }
  return [...byLimit].map(([limit, endings]) => `${endings.join(' ')} ≤ ${size(limit)}`).join(' · ');
}

/**
 * A file too large for its format: the size, the format's limit, and — for a `.spectrum` (the
 * seed's format, 300 KB) — the other formats that carry a whole spectrum and their limits.
 */
export function tooLargeParts(file: { name: string; size: number }, format: Format, formats: readonly Format[], maxBytes: number): { size: string; limit: string; ending: string; instead: string | null } {
  const lower = file.name.toLowerCase();
  const ending = format.endings.find((e) => lower.endsWith(e.toLowerCase())) ?? format.endings[0] ?? '';
  const limit = formatLimit(format, maxBytes);
  const larger = ending === '.spectrum' ? formats.filter((f) => f !== format && formatLimit(f, maxBytes) >= file.size && f.format !== 'zip') : [];
  return { size: size(file.size), limit: size(limit), ending, instead: larger.length ? larger.map((f) => `${f.endings.join(' ')} (≤ ${size(formatLimit(f, maxBytes))})`).join(', ') : null };
}
