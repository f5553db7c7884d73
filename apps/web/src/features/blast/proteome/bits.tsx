import { Tag } from 'antd';
import { roundScore } from '@mdc/core/identify/proteome';
import type { ProteomeLevel } from './api';
import { useProteomeTexts } from './texts';

/** Band colours as labs know them from the Biotyper: green for species, yellow for genus, red below. */
export const BAND_COLOURS: Record<ProteomeLevel, string> = { subspecies: '#237804', species: '#52c41a', genus: '#d48806', none: '#cf1322' };
const TAG_COLOURS: Record<ProteomeLevel, string> = { subspecies: 'green', species: 'green', genus: 'gold', none: 'red' };

export function BandTag({ level }: { level: ProteomeLevel }) {
  const px = useProteomeTexts();
  return (
    <Tag color={TAG_COLOURS[level]} data-testid="band-tag" data-level={level}>
      {px.result.bandShort[level]} {px.result.levels[level]}
    </Tag>
  );
}

/** A score as shown (two decimals, rounded as its band is decided). */
export const shown = (score: number) => roundScore(score).toFixed(2);

/** A score as shown, in its band's colour. */
export function Score({ score, level, testId }: { score: number; level: ProteomeLevel; testId?: string }) {
  return (
    <span className="mdc-ms-score" style={{ color: BAND_COLOURS[level] }} data-testid={testId} data-score={shown(score)}>
      {shown(score)}
    </span>
  );
}
