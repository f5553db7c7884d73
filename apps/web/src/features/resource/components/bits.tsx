import { Tag, Tooltip } from 'antd';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import type { AntibioticRef, OrganismGroup, StatusCorrection } from '../api';
import { drugName, drugPath, isItalicRank, localized, taxonPath } from '../lib/format';
import { fmt } from '../lib/texts';
import { useResourceTexts } from '../texts';

export function TaxonName({ name, rank }: { name: string; rank: string }) {
  return isItalicRank(rank) ? <i className="mdc-res-sci">{name}</i> : <span>{name}</span>;
}

/** A taxon as a link: scientific name, then the Chinese name on Chinese pages. */
export function TaxonLink({ id, name, nameZh, rank }: { id: string; name: string; nameZh?: string | null; rank: string }) {
  const locale = useLocale();
  return (
    <LocaleLink to={taxonPath(id)} className="mdc-res-taxon-link">
      <TaxonName name={name} rank={rank} />
      {locale === 'zh' && nameZh && <span className="mdc-res-zh"> {nameZh}</span>}
    </LocaleLink>
  );
}

export function DrugLink({ drug, showCode = true }: { drug: AntibioticRef; showCode?: boolean }) {
  const locale = useLocale();
  // Class names and ATC groups in rules come without a name: they are not drug pages.
  if (drug.name === null && drug.nameZh === null) return <span className="mdc-res-code">{drug.code}</span>;
  return (
    <LocaleLink to={drugPath(drug.code)} className="mdc-res-drug-link">
      {drugName(drug, locale)}
      {showCode && <span className="mdc-res-code"> {drug.code}</span>}
    </LocaleLink>
  );
}

export function LevelTag({ level }: { level: string }) {
  const tx = useResourceTexts();
  return <span className="mdc-res-level">{tx.levels[level] ?? level}</span>;
}

/** The organism or group a breakpoint or rule row names: label, code, level. */
export function OrganismGroupCell({ group }: { group: OrganismGroup }) {
  const locale = useLocale();
  return (
    <span className="mdc-res-group">
      <span>{localized(group.label, locale)}</span>
      <span className="mdc-res-group__meta">
        <span className="mdc-res-code">{group.code}</span> <LevelTag level={group.level} />
      </span>
    </span>
  );
}

export function RankLabel({ rank }: { rank: string }) {
  const tx = useResourceTexts();
  return <>{tx.ranks[rank] ?? rank}</>;
}

export function StatusTag({ status }: { status: string }) {
  const tx = useResourceTexts();
  const color = status === 'accepted' ? 'green' : status === 'synonym' ? 'orange' : 'default';
  return (
    <Tag color={color} bordered={false}>
      {tx.statuses[status] ?? status}
    </Tag>
  );
}

/**
 * Why a status differs from the AMR list's: what the list says, the authority MDC accepts, the
 * curators' reason and where it is published. `compact` (tables) keeps the reason in a tooltip.
 */
export function StatusCorrectionNote({ correction, compact = false }: { correction: StatusCorrection; compact?: boolean }) {
  const tx = useResourceTexts();
  const locale = useLocale();
  const sources = correction.source.map((url, i) => (
    <a key={url} href={url} target="_blank" rel="noreferrer noopener" className="mdc-res-correction-source">
      {tx.taxon.correctionSource}
      {correction.source.length > 1 ? ` ${i + 1}` : ''}
    </a>
  ));
  if (compact) {
    return (
      <span className="mdc-res-correction" data-testid="taxon-status-correction">
        <Tooltip title={localized(correction.reason, locale)}>
          <Tag bordered={false} color="blue">
            {tx.taxon.corrected}
          </Tag>
        </Tooltip>
        {sources[0]}
      </span>
    );
  }
  const note = fmt(tx.taxon.correctedNote, {
    status: (tx.statuses[correction.listedStatus] ?? correction.listedStatus).toLowerCase(),
    listed: correction.listedAuthority,
    gbif: correction.gbifId,
    accepted: correction.acceptedAuthority,
  });
  return (
    <div className="mdc-res-correction" data-testid="taxon-status-correction">
      <Tag bordered={false} color="blue">
        {tx.taxon.corrected}
      </Tag>
      <span>{note}</span> <span className="mdc-res-muted">{localized(correction.reason, locale)}</span> <span className="mdc-res-chips">{sources}</span>
    </div>
  );
}

export function AwareTag({ aware }: { aware: string }) {
  const tx = useResourceTexts();
  if (!aware) return null;
  const color = aware === 'Access' ? 'green' : aware === 'Watch' ? 'gold' : aware === 'Reserve' ? 'red' : 'default';
  return (
    <Tag color={color} bordered={false} data-aware={aware}>
      {tx.aware[aware] ?? aware}
    </Tag>
  );
}

export function PrevalenceTag({ prevalence }: { prevalence: number }) {
  const tx = useResourceTexts();
  return (
    <Tooltip title={tx.prevalence.hint}>
      {prevalence <= 1 ? (
        <Tag color="blue" bordered={false}>
          {tx.prevalence.common}
        </Tag>
      ) : (
        <span className="mdc-res-muted">{prevalence}</span>
      )}
    </Tooltip>
  );
}
