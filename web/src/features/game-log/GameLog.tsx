// The game's log, for admins (issue 40): the lines palpanel follows from the game's log file or a
// command's output, newest at the bottom, with a search box, level filters and a pause. Each line
// is text (React escapes it; nothing in it is interpreted), its secrets already masked by the
// server. An empty or unconfigured log says why in words.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { clockTime } from '../../shared/format';
import { useTitle } from '../../shared/router';
import { Badge, Card, PageHead, type Tone } from '../../ui/bits';
import { CheckField, Field } from '../../ui/fields';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { LEVEL_CHOICES, useGameLog, type GameLogData, type LevelChoice } from './use-game-log';
import type { GameLogLine } from '../../../../src/contract/panel/game-log';
import './game-log.css';

const MODE = { stream: 'gameLog.mode.stream', poll: 'gameLog.mode.poll', paused: 'gameLog.mode.paused' } as const;
const LABEL: Record<LevelChoice, string> = {
  error: 'gameLog.level.error',
  warning: 'gameLog.level.warning',
  info: 'gameLog.level.info',
  debug: 'gameLog.level.debug',
  none: 'gameLog.level.none',
};

export function GameLog() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  useTitle(t('gameLog.title'));
  const [q, setQ] = useState('');
  const [levels, setLevels] = useState<LevelChoice[]>([...LEVEL_CHOICES]);
  const [paused, setPaused] = useState(false);
  const log = useGameLog(q, levels, paused);
  const toggle = (l: LevelChoice) =>
    setLevels((ls) => (ls.includes(l) ? ls.filter((x) => x !== l) : LEVEL_CHOICES.filter((x) => x === l || ls.includes(x))));
  return (
    <>
      <PageHead title={t('gameLog.title')}>
        <button type="button" onClick={() => setPaused(!paused)} aria-pressed={paused}>
          {t(paused ? 'gameLog.resume' : 'gameLog.pause')}
        </button>
      </PageHead>
      <SourceLine source={log.source} kept={log.kept} mode={paused ? 'paused' : log.mode} />
      <Card className="gamelog-card">
        <div className="gamelog-filters">
          <Field
            label={t('gameLog.search')}
            hideLabel
            type="search"
            placeholder={t('gameLog.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <fieldset className="gamelog-levels">
            <legend className="sr-only">{t('gameLog.levels')}</legend>
            {LEVEL_CHOICES.map((l) => (
              <CheckField key={l} label={t(LABEL[l])} checked={levels.includes(l)} onChange={() => toggle(l)} />
            ))}
          </fieldset>
        </div>
        <ErrorNote error={log.error} />
        <Lines
          view={log}
          noLevel={levels.length === 0}
          filtered={q.trim() !== '' || levels.length < LEVEL_CHOICES.length}
          paused={paused}
        />
      </Card>
    </>
  );
}

function SourceLine({ source, kept, mode }: { source: GameLogData['source'] | null; kept: number; mode: 'stream' | 'poll' | 'paused' }) {
  const intl = useIntl();
  if (!source) return null;
  if (source.kind === 'none')
    return (
      <p className="gamelog-source muted">
        <FormattedMessage
          id="gameLog.none"
          values={{
            file: <code>SERVICE_GAME_LOG</code>,
            command: <code>SERVICE_GAME_LOG_COMMAND</code>,
            example: <code>journalctl -u palworld -f -o cat</code>,
          }}
        />
      </p>
    );
  const tone: Tone = source.state === 'following' ? 'ok' : 'warn';
  return (
    <p className="gamelog-source">
      <Badge tone={tone}>{intl.formatMessage({ id: `gameLog.state.${source.state}` })}</Badge>{' '}
      <span className="mono" translate="no">
        {source.target}
      </span>
      {source.detail && <span className="muted">{source.detail}</span>}
      <span className="muted">{intl.formatMessage({ id: 'gameLog.kept' }, { count: kept })}</span>
      <span className="muted gamelog-mode">{intl.formatMessage({ id: MODE[mode] })}</span>
    </p>
  );
}

function Lines({
  view,
  filtered,
  paused,
  noLevel,
}: {
  view: ReturnType<typeof useGameLog>;
  filtered: boolean;
  paused: boolean;
  noLevel: boolean;
}) {
  const box = useRef<HTMLOListElement>(null);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const count = view.lines.length;
  // New lines keep the view at the bottom unless paused (reading back) .
  useEffect(() => {
    if (!paused && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [count, paused]);
  if (noLevel) return <Empty>{t('gameLog.noLevel')}</Empty>;
  if (view.loading) return <Loading what={t('gameLog.reading')} />;
  if (count === 0)
    return <Empty>{t(filtered ? 'gameLog.noMatch' : view.source?.kind === 'none' ? 'gameLog.nothing' : 'gameLog.noLines')}</Empty>;
  return (
    <ol className="gamelog-lines" ref={box} tabIndex={0} aria-label={t('gameLog.lines')} aria-live={paused ? 'off' : 'polite'}>
      {view.lines.map((l) => (
        <Line key={l.seq} line={l} />
      ))}
    </ol>
  );
}

function Line({ line }: { line: GameLogLine }) {
  const level: LevelChoice = line.level ?? 'none';
  return (
    <li className={`gamelog-line lv-${level}`}>
      <time dateTime={line.at} className="muted">
        {clockTime(line.at)}
      </time>
      <span className="gamelog-text" translate="no">
        {line.text}
      </span>
    </li>
  );
}
