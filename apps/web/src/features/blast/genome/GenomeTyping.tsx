import type { GenomeTypingReport } from '@mdc/core/identify/genome';
import { fmt } from '../texts';
import { useGenomeTexts } from './texts';

/**
 * The sequence type with its scheme and each locus's allele written as the `mlst` tool writes it
 * (`~3` novel, `3?` partial, `-` missing), so that a reader who knows the tool reads it at a glance.
 * Without a type, the reason: no species call, no scheme for the species, none installed.
 */
export function GenomeTyping({ typing }: { typing: GenomeTypingReport | undefined }) {
  const t = useGenomeTexts().typing;
  if (!typing) return null;
  const mlst = typing.mlst;
  if (!mlst || typing.reason !== 'typed') {
    return (
      <section className="mdc-genome-section" data-testid="genome-typing">
        <h2>{t.title}</h2>
        <p data-testid="typing-reason" data-reason={typing.reason}>
          {typing.reason === 'typed' ? t.reasons['no-scheme'] : fmt(t.reasons[typing.reason], { species: typing.species ?? '' })}
        </p>
      </section>
    );
  }
  const hasST = mlst.st !== '-';
  const unusual = mlst.loci.filter((l) => l.kind !== 'exact');
  // Each locus that kept the ST from being read, as "infB novel allele; phoE missing".
  const why = unusual.length ? unusual.map((l) => `${l.locus} ${t.whyNoST[l.kind as keyof typeof t.whyNoST] ?? ''}`.trim()).join(t.whySeparator) : t.whyNoST.other;
  const clonalComplex = mlst.extra.clonal_complex;
  return (
    <section className="mdc-genome-section" data-testid="genome-typing">
      <h2>{t.title}</h2>
      <dl className="mdc-genome-call__figures mdc-genome-typing">
        <div>
          <dt>{t.st}</dt>
          <dd className="mdc-genome-typing__st" data-testid="typing-st" data-st={mlst.st}>
            {hasST ? `ST${mlst.st}` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t.scheme}</dt>
          <dd data-testid="typing-scheme">{mlst.scheme}</dd>
        </div>
        {clonalComplex && (
          <div>
            <dt>{t.clonalComplex}</dt>
            <dd>{clonalComplex}</dd>
          </div>
        )}
        <div>
          <dt>{t.score}</dt>
          <dd>{mlst.score}</dd>
        </div>
      </dl>
      {!hasST && (
        <p className="mdc-genome-typing__nost" data-testid="typing-no-st" data-status={mlst.status}>
          {mlst.status === 'NOVEL' ? t.novelProfile : fmt(t.noST, { why })}
        </p>
      )}
      <div className="mdc-genome-typing__alleles" aria-label={t.alleles} data-testid="typing-alleles">
        {mlst.loci.map((l) => (
          <span key={l.locus} className={`mdc-genome-allele is-${l.kind}`} data-testid="typing-allele" data-locus={l.locus} data-kind={l.kind}>
            {l.locus}({l.call})
          </span>
        ))}
      </div>
      <p className="mdc-blast-muted">{t.legend}</p>
    </section>
  );
}
