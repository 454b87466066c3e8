// A backup's off-site copy in the backups list (SERVICE_BACKUP_COPY_COMMAND): a badge for its
// state; an admin opens it for the last attempt (exit status, duration, next try, the command's
// last lines of output). A viewer gets the state only, as the API gives it.
import type { BackupCopy as Copy } from '../../types';
import { when } from '../../shared/format';
import { Badge, type Tone } from '../../ui/bits';

const LOOK: Record<Copy['state'], { word: string; tone: Tone }> = {
  off: { word: 'not copied', tone: 'muted' },
  pending: { word: 'waiting', tone: 'muted' },
  running: { word: 'copying…', tone: 'info' },
  copied: { word: 'copied', tone: 'ok' },
  failed: { word: 'failed', tone: 'bad' },
};

/** One line of what happened last, for the badge's title and the detail. */
function summary(c: Copy): string {
  if (c.state === 'off') return 'No off-site copy was asked of this backup (no copy command was set when it was made).';
  if (c.state === 'copied') return `Copied ${when(c.copiedAt ?? null)}.`;
  if (c.state === 'running') return 'The copy command is running.';
  if (c.state === 'pending') return 'Waiting for the copy command.';
  const next = c.nextAttemptAt ? `tried again ${when(c.nextAttemptAt)}` : c.attempts === undefined ? '' : 'given up';
  return `The last attempt failed${next ? `; ${next}` : ''}.`;
}

export function BackupCopyCell({ copy, detail }: { copy: Copy; detail: boolean }) {
  const { word, tone } = LOOK[copy.state];
  const label = `Off-site copy: ${word}. ${summary(copy)}`;
  if (!detail || copy.attempts === undefined || copy.attempts === 0)
    return (
      <span title={label} aria-label={label}>
        <Badge tone={tone}>{word}</Badge>
      </span>
    );
  const exit =
    copy.lastExitCode === null || copy.lastExitCode === undefined ? 'killed or did not start' : `exit status ${copy.lastExitCode}`;
  return (
    <details className="copy-detail">
      <summary title={label} aria-label={label}>
        <Badge tone={tone}>{word}</Badge>
      </summary>
      <p className="small">
        {summary(copy)} {copy.attempts === 1 ? '1 attempt' : `${copy.attempts} attempts`}; the last {when(copy.lastAttemptAt ?? null)}:{' '}
        {exit}
        {copy.lastDurationMs !== null && copy.lastDurationMs !== undefined ? `, ${(copy.lastDurationMs / 1000).toFixed(1)} s` : ''}.
      </p>
      {copy.lastOutput ? (
        <pre className="small" tabIndex={0} aria-label="The copy command's last lines of output">
          {copy.lastOutput}
        </pre>
      ) : (
        <p className="small muted">It printed nothing.</p>
      )}
    </details>
  );
}
