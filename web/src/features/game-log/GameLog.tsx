// The game's log, for admins (issue 40): the lines palpanel follows from the game's log file or a
// command's output, newest at the bottom, with a search box, level filters and a pause. Each line
// is text (React escapes it; nothing in it is interpreted), its secrets already masked by the
// server. An empty or unconfigured log says why in words.
import { useEffect, useRef, useState } from 'react';
import { useTitle } from '../../shared/router';
import { Badge, Card, PageHead, type Tone } from '../../ui/bits';
import { CheckField, Field } from '../../ui/fields';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { LEVEL_CHOICES, useGameLog, type GameLogData, type LevelChoice } from './use-game-log';
import type { GameLogLine } from '../../../../src/contract/panel/game-log';
import './game-log.css';

const MODE = { stream: '· live', poll: '· checked every 2 s', paused: '· paused' } as const;
const LABEL: Record<LevelChoice, string> = { error: 'Errors', warning: 'Warnings', info: 'Info', debug: 'Debug', none: 'No level' };

export function GameLog() {
  useTitle('Game log');
  const [q, setQ] = useState('');
  const [levels, setLevels] = useState<LevelChoice[]>([...LEVEL_CHOICES]);
  const [paused, setPaused] = useState(false);
  const log = useGameLog(q, levels, paused);
  const toggle = (l: LevelChoice) =>
    setLevels((ls) => (ls.includes(l) ? ls.filter((x) => x !== l) : LEVEL_CHOICES.filter((x) => x === l || ls.includes(x))));
  return (
    <>
      <PageHead title="Game log">
        <button type="button" onClick={() => setPaused(!paused)} aria-pressed={paused}>
          {paused ? 'Resume' : 'Pause'}
        </button>
      </PageHead>
      <SourceLine source={log.source} kept={log.kept} mode={paused ? 'paused' : log.mode} />
      <Card className="gamelog-card">
        <div className="gamelog-filters">
          <Field
            label="Search the log"
            hideLabel
            type="search"
            placeholder="Search the log"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <fieldset className="gamelog-levels">
            <legend className="sr-only">Levels shown</legend>
            {LEVEL_CHOICES.map((l) => (
              <CheckField key={l} label={LABEL[l]} checked={levels.includes(l)} onChange={() => toggle(l)} />
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
  if (!source) return null;
  if (source.kind === 'none')
    return (
      <p className="gamelog-source muted">
        No log is followed. Set <code>SERVICE_GAME_LOG</code> to the game’s log file, or <code>SERVICE_GAME_LOG_COMMAND</code> to a command
        such as <code>journalctl -u palworld -f -o cat</code> (see the settings page of the docs).
      </p>
    );
  const tone: Tone = source.state === 'following' ? 'ok' : 'warn';
  return (
    <p className="gamelog-source">
      <Badge tone={tone}>{source.state}</Badge> <span className="mono">{source.target}</span>
      {source.detail && <span className="muted">{source.detail}</span>}
      <span className="muted">({kept.toLocaleString()} lines kept)</span>
      <span className="muted gamelog-mode">{MODE[mode]}</span>
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
  const count = view.lines.length;
  // New lines keep the view at the bottom unless paused (reading back) .
  useEffect(() => {
    if (!paused && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [count, paused]);
  if (noLevel) return <Empty>Choose at least one level to show.</Empty>;
  if (view.loading) return <Loading what="Reading the game log" />;
  if (count === 0)
    return (
      <Empty>
        {filtered ? 'No line matches the search and levels.' : view.source?.kind === 'none' ? 'Nothing to show.' : 'No lines yet.'}
      </Empty>
    );
  return (
    <ol className="gamelog-lines" ref={box} tabIndex={0} aria-label="Game log lines" aria-live={paused ? 'off' : 'polite'}>
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
        {new Date(line.at).toLocaleTimeString()}
      </time>
      <span className="gamelog-text">{line.text}</span>
    </li>
  );
}
