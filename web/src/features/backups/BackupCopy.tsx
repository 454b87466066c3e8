// A backup's off-site copy in the backups list (SERVICE_BACKUP_COPY_COMMAND): a badge for its
// state; an admin opens it for the last attempt (exit status, duration, next try, the command's
// last lines of output). A viewer gets the state only, as the API gives it.
import { useIntl, type IntlShape } from 'react-intl';
import type { BackupCopy as Copy } from '../../types';
import { when } from '../../shared/format';
import { Badge, type Tone } from '../../ui/bits';

const TONE: Record<Copy['state'], Tone> = { off: 'muted', pending: 'muted', running: 'info', copied: 'ok', failed: 'bad' };

/** One line of what happened last, for the badge's title and the detail. */
function summary(intl: IntlShape, c: Copy): string {
  if (c.state === 'copied') return intl.formatMessage({ id: 'backups.copy.summary.copied' }, { when: when(c.copiedAt ?? null) });
  if (c.state !== 'failed') return intl.formatMessage({ id: `backups.copy.summary.${c.state}` });
  if (c.nextAttemptAt) return intl.formatMessage({ id: 'backups.copy.summary.failedRetry' }, { when: when(c.nextAttemptAt) });
  return intl.formatMessage({ id: c.attempts === undefined ? 'backups.copy.summary.failed' : 'backups.copy.summary.failedGivenUp' });
}

export function BackupCopyCell({ copy, detail }: { copy: Copy; detail: boolean }) {
  const intl = useIntl();
  const tone = TONE[copy.state];
  const word = intl.formatMessage({ id: `backups.copy.state.${copy.state}` });
  const said = summary(intl, copy);
  const label = intl.formatMessage({ id: 'backups.copy.label' }, { word, summary: said });
  if (!detail || copy.attempts === undefined || copy.attempts === 0)
    return (
      <span title={label} aria-label={label}>
        <Badge tone={tone}>{word}</Badge>
      </span>
    );
  const exit =
    copy.lastExitCode === null || copy.lastExitCode === undefined
      ? intl.formatMessage({ id: 'backups.copy.killed' })
      : intl.formatMessage({ id: 'backups.copy.exit' }, { code: copy.lastExitCode });
  const ms = copy.lastDurationMs;
  return (
    <details className="copy-detail">
      <summary title={label} aria-label={label}>
        <Badge tone={tone}>{word}</Badge>
      </summary>
      <p className="small">
        {intl.formatMessage(
          { id: ms === null || ms === undefined ? 'backups.copy.attempts' : 'backups.copy.attemptsTimed' },
          {
            summary: said,
            count: copy.attempts,
            when: when(copy.lastAttemptAt ?? null),
            exit,
            seconds: intl.formatNumber((ms ?? 0) / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
          },
        )}
      </p>
      {copy.lastOutput ? (
        <pre className="small" tabIndex={0} aria-label={intl.formatMessage({ id: 'backups.copy.output' })}>
          {copy.lastOutput}
        </pre>
      ) : (
        <p className="small muted">{intl.formatMessage({ id: 'backups.copy.printedNothing' })}</p>
      )}
    </details>
  );
}
