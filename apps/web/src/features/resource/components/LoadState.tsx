import { Alert, Button, Result } from 'antd';
import { fmt } from '../lib/texts';
import type { LoadProblem } from '../lib/use-resource';
import { useResourceTexts } from '../texts';

/** What went wrong with a request, in the page (Resource pages never leave for the error page). */
export function ProblemAlert({ problem, onRetry }: { problem: LoadProblem; onRetry?: () => void }) {
  const tx = useResourceTexts();
  const text =
    problem.kind === 'message' ? problem.msg : problem.kind === 'server' ? fmt(tx.state.serverError, { status: problem.status }) : tx.state.networkError;
  return (
    <Alert
      type={problem.kind === 'message' && problem.code !== 1004 ? 'warning' : 'error'}
      showIcon
      className="mdc-res-notice"
      data-testid="resource-problem"
      message={text}
      action={
        onRetry && problem.kind !== 'message' ? (
          <Button size="small" onClick={onRetry}>
            {tx.state.retry}
          </Button>
        ) : undefined
      }
    />
  );
}

/** A detail page whose entity does not exist (404 from the API). */
export function NotFound({ title, msg }: { title: string; msg: string }) {
  return (
    <div data-testid="resource-not-found">
      <Result status="404" title={title} subTitle={msg} />
    </div>
  );
}
