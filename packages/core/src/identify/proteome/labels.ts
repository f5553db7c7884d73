/**
 * What a person calls each spectrum of an upload: its spot on the target (`F10`), and where one
 * spot was measured several times (replicates `0_F10/1/1SLin`, `0_F10/2/1SLin`, …) the spot with
 * the acquisition (`F10 · 2`), so that replicates are not all called `F10`. Without a spot, the
 * path inside the upload, or the file.
 */
export function spectrumLabels(spectra: ReadonlyArray<{ spot: string | null; file: string }>): string[] {
  const inner = (file: string) => (file.includes(':') ? file.slice(file.indexOf(':') + 1) : file);
  const count = new Map<string, number>();
  for (const s of spectra) if (s.spot) count.set(s.spot, (count.get(s.spot) ?? 0) + 1);
  return spectra.map((s, i) => {
    if (!s.spot) return spectra.length > 1 ? inner(s.file) : s.file;
    if ((count.get(s.spot) ?? 0) < 2) return s.spot;
    // flex: <target>/<n>_<spot>/<acquisition>/<mode>; the acquisition number tells replicates apart.
    const m = /(?:^|[/:])\d+_[A-Za-z]+\d+\/(\d+)\//.exec(s.file);
    const sameSpot = spectra.slice(0, i + 1).filter((x) => x.spot === s.spot).length;
    return `${s.spot} · ${m ? m[1] : sameSpot}`;
  });
}
