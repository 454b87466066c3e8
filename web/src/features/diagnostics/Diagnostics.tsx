// Diagnostics: whether each link palpanel depends on works (the game's REST API, RCON, game
// data, the save, backups, the backup disk, webhooks), since when, and what to do, in the words
// the server writes (GET /diagnostics: viewer-safe, no paths or secrets). Times are shown in the
// reader's own time zone, and how long ago is counted from the server's own check, so a clock
// that differs between browser and server does not say "in 1 min"; the list refreshes itself.
import { ago, when } from '../../shared/format';
import { useLive } from '../events/live';
import { useTitle } from '../../shared/router';
import type { DiagnosticsChannel } from '../../types';
import { Badge, PageHead, type Tone } from '../../ui/bits';
import { Async } from '../../ui/states';
import './diagnostics.css';
import { useDiagnostics } from './api';

const REFRESH_MS = 10_000;

const LOOK: Record<DiagnosticsChannel['state'], { tone: Tone; label: string }> = {
  ok: { tone: 'ok', label: 'Working' },
  warning: { tone: 'warn', label: 'Needs a look' },
  failing: { tone: 'bad', label: 'Failing' },
  off: { tone: 'muted', label: 'Off' },
};

const SUMMARY: Record<DiagnosticsChannel['state'], string> = {
  ok: 'Every link that is set up works.',
  warning: 'Everything answers, but something needs a look.',
  failing: 'Something is failing: see what to do below.',
  off: 'Every link that is set up works.',
};

/** The report's first line. A link that is off is not "working": with none set up the panel
 * says so, and otherwise names the links that are off (each row says which setting turns it on). */
export function summaryOf(r: { state: DiagnosticsChannel['state']; channels: Pick<DiagnosticsChannel, 'state' | 'title'>[] }): {
  tone: Tone;
  label: string;
  text: string;
} {
  const off = r.channels.filter((c) => c.state === 'off').map((c) => c.title);
  if (off.length === r.channels.length)
    return {
      tone: 'warn',
      label: 'Not set up',
      text: `No link is set up yet: ${off.join(', ')} ${off.length === 1 ? 'is' : 'are'} off. Each says below which setting turns it on.`,
    };
  const rest = off.length ? ` Off: ${off.join(', ')}; each says below which setting turns it on.` : '';
  if (r.state === 'ok' || r.state === 'off') return { tone: 'ok', label: 'Working', text: `Every link that is set up works.${rest}` };
  return { ...LOOK[r.state], text: SUMMARY[r.state] + rest };
}

export function Diagnostics() {
  useTitle('Diagnostics');
  // Every logged event (the game reachable or not, a backup made) asks again at once.
  const live = useLive();
  const report = useDiagnostics({ refreshMs: REFRESH_MS, refreshKey: live.eventCount });
  return (
    <>
      <PageHead title="Diagnostics">
        <button type="button" onClick={report.reload} disabled={report.loading}>
          Check again
        </button>
      </PageHead>
      <Async r={report} what="Checking every link">
        {(r) => (
          <>
            <p className="diag-summary" role="status">
              <Badge tone={summaryOf(r).tone}>{summaryOf(r).label}</Badge> {summaryOf(r).text}{' '}
              <span className="muted small">
                Checked at <time dateTime={r.checkedAt}>{new Date(r.checkedAt).toLocaleTimeString()}</time>.
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
  const look = LOOK[c.state];
  const headId = `diag-${c.id}`;
  return (
    <li className={`diag-row ${c.state}`} aria-labelledby={headId} data-channel={c.id}>
      <div className="diag-head">
        <h2 id={headId}>{c.title}</h2>
        <Badge tone={look.tone}>{look.label}</Badge>
      </div>
      <div className="diag-body">
        <p className="diag-words">{c.words}</p>
        {(c.since || c.lastSuccessAt || c.lastFailureAt) && (
          <dl className="diag-times small">
            {c.since && <Time label="Since" at={c.since} now={now} />}
            {c.lastSuccessAt && <Time label="Last worked" at={c.lastSuccessAt} now={now} />}
            {c.lastFailureAt && <Time label="Last failed" at={c.lastFailureAt} now={now} />}
          </dl>
        )}
        {c.advice && (
          <p className="diag-advice">
            <strong>What to do:</strong> {c.advice}
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
