// Diagnostics: whether each link palpanel depends on works (the game's REST API, RCON, game
// data, the save, backups, the backup disk, webhooks), since when, and what to do, in the words
// the server writes (GET /diagnostics: viewer-safe, no paths or secrets). Times are shown in the
// reader's own time zone, and how long ago is counted from the server's own check, so a clock
// that differs between browser and server does not say "in 1 min"; the list refreshes itself.
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ago, clockTime, when } from '../../shared/format';
import { useLive } from '../events/live';
import { useServerText } from '../../i18n/server-text';
import { useTitle } from '../../shared/router';
import type { DiagnosticsChannel } from '../../types';
import { Badge, PageHead, type Tone } from '../../ui/bits';
import { Async } from '../../ui/states';
import './diagnostics.css';
import { useDiagnostics } from './api';

const REFRESH_MS = 10_000;

const LOOK: Record<DiagnosticsChannel['state'], Tone> = { ok: 'ok', warning: 'warn', failing: 'bad', off: 'muted' };

/** The report's first line. A link that is off is not "working": with none set up the panel
 * says so, and otherwise names the links that are off (each row says which setting turns it on). */
export function summaryOf(
  intl: IntlShape,
  r: { state: DiagnosticsChannel['state']; channels: Pick<DiagnosticsChannel, 'state' | 'id'>[] },
): {
  tone: Tone;
  label: string;
  text: string;
} {
  const off = r.channels.filter((c) => c.state === 'off').map((c) => channelTitle(intl, c.id));
  const links = intl.formatList(off, { type: 'conjunction', style: 'narrow' });
  if (off.length === r.channels.length)
    return {
      tone: 'warn',
      label: intl.formatMessage({ id: 'diagnostics.notSetUp' }),
      text: intl.formatMessage({ id: 'diagnostics.summary.noneSetUp' }, { links, count: off.length }),
    };
  const state = r.state === 'off' ? 'ok' : r.state;
  return {
    tone: LOOK[state],
    label: intl.formatMessage({ id: `diagnostics.state.${state}` }),
    text: intl.formatMessage({ id: `diagnostics.summary.${state}${off.length ? '.withOff' : ''}` }, { links }),
  };
}

/** A link's name from the catalog by its id (the server's `title` is its English). */
export const channelTitle = (intl: IntlShape, id: DiagnosticsChannel['id']): string =>
  intl.formatMessage({ id: `diagnostics.channel.${id}` });

export function Diagnostics() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  useTitle(t('diagnostics.title'));
  // Every logged event (the game reachable or not, a backup made) asks again at once.
  const live = useLive();
  const report = useDiagnostics({ refreshMs: REFRESH_MS, refreshKey: live.eventCount });
  return (
    <>
      <PageHead title={t('diagnostics.title')}>
        <button type="button" onClick={report.reload} disabled={report.loading}>
          {t('diagnostics.checkAgain')}
        </button>
      </PageHead>
      <Async r={report} what={t('diagnostics.checking')}>
        {(r) => (
          <>
            <p className="diag-summary" role="status">
              <Badge tone={summaryOf(intl, r).tone}>{summaryOf(intl, r).label}</Badge> {summaryOf(intl, r).text}{' '}
              <span className="muted small">
                <FormattedMessage
                  id="diagnostics.checkedAt"
                  values={{ time: <time dateTime={r.checkedAt}>{clockTime(r.checkedAt)}</time> }}
                />
              </span>
            </p>
            <ul className="diag-list">
              {r.channels.map((c) => (
                <ChannelRow key={c.id} c={c} now={Date.parse(r.checkedAt)} />
              ))}
            </ul>
          </>
        )}
      </Async>
    </>
  );
}

function ChannelRow({ c, now }: { c: DiagnosticsChannel; now: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const text = useServerText();
  // A sentence whose id this build's catalogs have is the UI's; one without is the server's English,
  // marked so (data-server-text) for the pseudo-locale walk.
  const english = (id: string | null | undefined) => !(id && `server.${id}` in intl.messages) || undefined;
  const advice = c.advice ? text({ message: c.advice, messageId: c.adviceId, params: c.adviceParams }) : null;
  const headId = `diag-${c.id}`;
  return (
    <li className={`diag-row ${c.state}`} aria-labelledby={headId} data-channel={c.id}>
      <div className="diag-head">
        <h2 id={headId}>{channelTitle(intl, c.id)}</h2>
        <Badge tone={LOOK[c.state]}>{t(`diagnostics.state.${c.state}`)}</Badge>
      </div>
      <div className="diag-body">
        <p className="diag-words" data-server-text={english(c.wordsId)}>
          {text({ message: c.words, messageId: c.wordsId, params: c.wordsParams })}
        </p>
        {(c.since || c.lastSuccessAt || c.lastFailureAt) && (
          <dl className="diag-times small">
            {c.since && <Time label={t('diagnostics.since')} at={c.since} now={now} />}
            {c.lastSuccessAt && <Time label={t('diagnostics.lastWorked')} at={c.lastSuccessAt} now={now} />}
            {c.lastFailureAt && <Time label={t('diagnostics.lastFailed')} at={c.lastFailureAt} now={now} />}
          </dl>
        )}
        {advice && (
          <p className="diag-advice">
            <FormattedMessage
              id="diagnostics.advice"
              values={{ advice: <span data-server-text={english(c.adviceId)}>{advice}</span>, b: (words) => <strong>{words}</strong> }}
            />
          </p>
        )}
      </div>
    </li>
  );
}

function Time({ label, at, now }: { label: string; at: string; now: number }) {
  return (
    <div>
      <dt className="muted">{label}</dt>
      <dd>
        <time dateTime={at} title={when(at)}>
          {ago(at, now)}
        </time>
      </dd>
    </div>
  );
}
