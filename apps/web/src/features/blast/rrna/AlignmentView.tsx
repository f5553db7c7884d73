import { Alert, Grid, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { isCancelled } from '../../../lib/http';
import { alignmentBlocks } from '@mdc/core/identify/rrna';
import { blastApi, type Alignment } from '../api';
import { useBlastTexts } from '../texts';

const cache = new Map<string, Alignment>();

/**
 * The alignment of one hit, fetched when first shown: blocks of 60 columns (40 on a tablet, 20 on a
 * phone, so that a block fits the screen instead of being cut at its edge), query over match line
 * over reference, with the position of the first and last base of each row.
 */
export function AlignmentView({ taskId, position, rank, title }: { taskId: string; position: number; rank: number; title?: string }) {
  const tx = useBlastTexts();
  const screens = Grid.useBreakpoint();
  const columns = screens.sm === false ? 20 : screens.md === false ? 40 : 60;
  const key = `${taskId}:${position}:${rank}`;
  const [alignment, setAlignment] = useState<Alignment | undefined>(cache.get(key));
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (cache.has(key)) {
      setAlignment(cache.get(key));
      return undefined;
    }
    let live = true;
    blastApi
      .alignment(taskId, position, rank)
      .then((answer) => {
        if (!live) return;
        if (answer.code === 0 && answer.data) {
          cache.set(key, answer.data);
          setAlignment(answer.data);
        } else setFailed(answer.msg);
      })
      .catch((error: unknown) => {
        if (live && !isCancelled(error)) setFailed(tx.problems.network);
      });
    return () => {
      live = false;
    };
  }, [key, taskId, position, rank, tx]);

  if (failed) return <Alert type="warning" showIcon message={failed} />;
  if (!alignment) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  const blocks = alignmentBlocks(alignment, alignment, columns);
  const pad = Math.max(String(Math.max(alignment.queryStart, alignment.queryEnd)).length, String(alignment.referenceEnd).length);
  const text = blocks
    .map((b) =>
      [
        `Q ${String(b.query.from).padStart(pad)} ${b.query.text} ${b.query.to}`,
        `  ${' '.repeat(pad)} ${b.match}`,
        `R ${String(b.reference.from).padStart(pad)} ${b.reference.text} ${b.reference.to}`,
      ].join('\n'),
    )
    .join('\n\n');
  return (
    <figure className="mdc-blast-alignment" data-testid="alignment-view">
      {title && <figcaption className="mdc-blast-alignment__title">{title}</figcaption>}
      <pre className="mdc-blast-alignment__text" tabIndex={0}>
        {text}
      </pre>
      <p className="mdc-blast-alignment__legend">
        {tx.result.alignmentLegend}
        {alignment.strand === '-' && <> {tx.result.minusStrand}</>}
      </p>
    </figure>
  );
}
