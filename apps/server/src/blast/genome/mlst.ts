import path from 'node:path';
import { MlstTyper, schemesForSpecies, type MlstResult, type MlstScheme } from '@mdc/core/mlst';
import { listMlstSchemes, mlstDir, readMlstScheme, readSchemeSpeciesMap, type SchemeSpeciesRow } from '@mdc/refdata/mlst';

/**
 * The PubMLST schemes of the reference data folder (`mlst/`), read on first use and kept for the
 * process: a typer for one species' schemes is built once and serves every genome of that species.
 */
export class MlstSchemes {
  private readonly schemes = new Map<string, MlstScheme>();
  private readonly typers = new Map<string, MlstTyper>();
  private map: SchemeSpeciesRow[] | undefined;
  readonly names: string[];

  constructor(readonly dir: string) {
    this.names = listMlstSchemes(dir);
  }

  static of(refdataDir: string): MlstSchemes {
    return new MlstSchemes(mlstDir(refdataDir));
  }

  get available(): boolean {
    return this.names.length > 0;
  }

  private scheme(name: string): MlstScheme {
    let scheme = this.schemes.get(name);
    if (!scheme) {
      scheme = readMlstScheme(this.dir, name);
      this.schemes.set(name, scheme);
    }
    return scheme;
  }

  /** A typer over the named schemes (all of them when none are named). */
  typer(names: readonly string[] = this.names): MlstTyper {
    const key = [...names].sort().join(',');
    let typer = this.typers.get(key);
    if (!typer) {
      typer = new MlstTyper(names.map((n) => this.scheme(n)));
      this.typers.set(key, typer);
    }
    return typer;
  }

  /** The schemes `mlst` and Kleborate would type this species with (empty: none bundled). */
  forSpecies(species: string): string[] {
    this.map ??= readSchemeSpeciesMap(this.dir);
    return schemesForSpecies(species, this.map, this.names);
  }

  /** Scheme names resembling an unknown one, for the message that refuses it. */
  similar(name: string): string[] {
    const stem = name.toLowerCase().replace(/_\d+$/, '');
    const head = stem.slice(0, Math.max(1, Math.min(4, stem.length - 1)));
    return this.names.filter((n) => n.startsWith(head) || n.includes(stem)).slice(0, 8);
  }

  get source(): string {
    return path.join(this.dir, 'pubmlst');
  }
}

/** One line as the `mlst` tool prints it: FILE, SCHEME, ST, then locus(allele) per locus; `-` for no scheme. */
export function mlstLine(file: string, result: MlstResult | undefined): string {
  if (!result) return [file, '-', '-'].join('\t');
  return [file, result.scheme, result.st, ...result.loci.map((l) => `${l.locus}(${l.call})`)].join('\t');
}

/** What the result means, in a sentence, when the ST line alone does not say it. */
export function mlstNote(result: MlstResult | undefined): string | undefined {
  if (!result) return 'no MLST scheme has an allele in this genome';
  const n = result.loci.length;
  const count = (kind: string) => result.loci.filter((l) => l.kind === kind).length;
  switch (result.status) {
    case 'PERFECT':
      return undefined;
    case 'NOVEL':
      return `novel profile: all ${n} alleles are known, but no ${result.scheme} ST has this combination (a new ST for PubMLST)`;
    case 'NONE':
      return `no allele of the ${result.scheme} scheme found`;
    default: {
      const parts = [
        count('novel') && `${count('novel')} novel allele${count('novel') > 1 ? 's' : ''} (~)`,
        count('partial') && `${count('partial')} partial (?)`,
        count('missing') && `${count('missing')} missing (-)`,
        count('multiple') && `${count('multiple')} in several copies (,)`,
      ].filter(Boolean);
      return `no ST: ${parts.join(', ')}`;
    }
  }
}
