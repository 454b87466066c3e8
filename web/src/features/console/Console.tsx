// The console: one RCON command at a time, saved commands (with player placeholders), and the
// log of every command and reply. The game deprecates RCON: the screen says so, and says in
// words when this palpanel has RCON off (a normal state: everything else goes through the REST
// API), instead of offering a form that can only fail.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ago } from '../../shared/format';
import { useAction, type Paged } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import type { DataOf } from '../../api/operations';
import { useTitle } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import type { ConsoleEntry, SavedCommand } from '../../types';
import { Badge, Card, PageHead } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { Field, SelectField } from '../../ui/fields';
import { Async, Empty, ErrorNote, PagedList } from '../../ui/states';
import { consoleDanger } from '../../../../src/contract/console-danger';
import { removeSavedCommand, runCommand, saveCommand, useConsoleLog, usePlayerChoices, useSavedCommands, useServer } from './api';
import { ConfirmCommand, type AskedCommand } from './ConfirmCommand';
import { actorLabel } from '../../../../src/contract/audit-words';

/** An admin runs commands; a moderator reads the log only (docs/roles.md). */
export function Console() {
  return useIsAdmin() ? <AdminConsole /> : <ConsoleLogOnly />;
}

function ConsoleLogOnly() {
  const intl = useIntl();
  useTitle(intl.formatMessage({ id: 'console.title' }));
  const log = useConsoleLog();
  return (
    <>
      <PageHead title={intl.formatMessage({ id: 'console.title' })} />
      <p className="muted">{intl.formatMessage({ id: 'console.readOnly' })}</p>
      <div className="grid">
        <LogCard log={log} />
      </div>
    </>
  );
}

function AdminConsole() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `console.${id}` }, values);
  useTitle(t('title'));
  const log = useConsoleLog();
  const saved = useSavedCommands();
  const players = usePlayerChoices();
  const server = useServer();
  const rconOff = server.data?.rcon === false;
  const [command, setCommand] = useState('');
  const [player, setPlayer] = useState('');
  const [saveName, setSaveName] = useState('');
  const [forget, setForget] = useState<SavedCommand | null>(null);
  const run = useAction();
  const keep = useAction();
  // Saving under a name already saved replaces that command (the API's rule); the button says so.
  const replacing = saved.data?.find((s) => s.name.toLowerCase() === saveName.trim().toLowerCase());

  // A command that stops the server, acts on everyone or deletes asks first (the server refuses it unconfirmed too).
  const [asked, setAsked] = useState<(AskedCommand & { body: Record<string, string> }) | null>(null);
  const send = async (body: Record<string, string | boolean>) => {
    // A failed command is logged too: the log is read again either way.
    const ok = await run.run(() => runCommand(player ? { ...body, player } : body));
    log.reload();
    return ok !== undefined;
  };
  const exec = (body: Record<string, string>, text: string) => {
    const why = consoleDanger(text);
    if (why) {
      run.clear();
      setAsked({ command: text, why, body });
    } else void send(body);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (command.trim()) exec({ command: command.trim() }, command.trim());
  };
  const saveTyped = async () => {
    if ((await keep.run(() => saveCommand({ name: saveName.trim(), command: command.trim() }))) !== undefined) {
      setSaveName('');
      saved.reload();
    }
  };
  const remove = async () => {
    if (forget && (await keep.run(() => removeSavedCommand(forget.id))) !== undefined) {
      setForget(null);
      saved.reload();
    }
  };
  return (
    <>
      <PageHead title={t('title')} />
      <RconNote rconOff={rconOff} />
      <div className="grid">
        <RunCard
          command={command}
          setCommand={setCommand}
          player={player}
          setPlayer={setPlayer}
          players={players.data}
          run={run}
          keep={keep}
          rconOff={rconOff}
          saveName={saveName}
          setSaveName={setSaveName}
          replacing={replacing}
          submit={submit}
          saveTyped={() => void saveTyped()}
        />
        <Card title={t('saved.title')}>
          <Async r={saved} what={t('saved.reading')}>
            {(rows) =>
              rows.length === 0 ? (
                <Empty>{t('saved.empty')}</Empty>
              ) : (
                <SavedList
                  rows={rows}
                  disabled={run.busy || rconOff}
                  onRun={(c) => exec({ savedId: c.id }, c.command)}
                  onEdit={(c) => {
                    setCommand(c.command);
                    setSaveName(c.name);
                  }}
                  onRemove={setForget}
                />
              )
            }
          </Async>
        </Card>
        <LogCard log={log} />
      </div>
      <ConfirmCommand
        asked={asked}
        busy={run.busy}
        error={asked ? run.error : null}
        onConfirm={() => {
          if (asked) void send({ ...asked.body, confirm: true }).then((ok) => ok && setAsked(null));
        }}
        onClose={() => setAsked(null)}
      />
      <Dialog
        open={forget !== null}
        title={t('saved.remove.title', { name: forget?.name ?? '' })}
        confirm={t('saved.remove.confirm')}
        danger
        busy={keep.busy}
        error={keep.error}
        onConfirm={() => void remove()}
        onClose={() => setForget(null)}
      >
        <p>{t('saved.remove.body')}</p>
      </Dialog>
    </>
  );
}

function SavedList({
  rows,
  disabled,
  onRun,
  onEdit,
  onRemove,
}: {
  rows: SavedCommand[];
  disabled: boolean;
  onRun: (s: SavedCommand) => void;
  onEdit: (s: SavedCommand) => void;
  onRemove: (s: SavedCommand) => void;
}) {
  const intl = useIntl();
  return (
    <ul className="saved">
      {rows.map((s) => (
        <li key={s.id}>
          <button type="button" onClick={() => onRun(s)} disabled={disabled} title={s.command}>
            {intl.formatMessage({ id: 'console.saved.run' }, { name: s.name })}
          </button>
          <code className="small">{s.command}</code>
          {/* Edit and Remove stay together when the row wraps on a phone. */}
          <span className="saved-actions">
            <button type="button" className="link" onClick={() => onEdit(s)}>
              {intl.formatMessage({ id: 'console.saved.edit' })}
            </button>
            <button type="button" className="link danger-text" onClick={() => onRemove(s)}>
              {intl.formatMessage({ id: 'console.saved.remove' })}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every command run and its reply, newest first. */
function LogCard({ log }: { log: Paged<ConsoleEntry> }) {
  const now = useNow();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `console.log.${id}` }, values);
  return (
    <Card
      title={t('title')}
      className="wide-card"
      actions={
        <button type="button" onClick={log.reload}>
          {t('refresh')}
        </button>
      }
    >
      <PagedList list={log} what={t('reading')} more={t('more')}>
        {(rows) =>
          rows.length === 0 ? (
            <Empty>{t('empty')}</Empty>
          ) : (
            <ol className="console-log">
              {rows.map((e) => (
                <li key={e.id}>
                  <div className="console-head">
                    <code>{e.command}</code> <Badge tone={e.outcome === 'ok' ? 'ok' : 'bad'}>{t('outcome', { outcome: e.outcome })}</Badge>
                    <span className="muted small">
                      <span title={e.actor}>{e.actor === 'cli' ? t('actorCli') : actorLabel(e.actor)}</span> · {ago(e.at, now)}
                    </span>
                  </div>
                  {e.reply && (
                    <pre className="reply" tabIndex={0} aria-label={t('reply', { command: e.command })}>
                      {e.reply}
                    </pre>
                  )}
                </li>
              ))}
            </ol>
          )
        }
      </PagedList>
    </Card>
  );
}

/** The command box with its player, and saving what is typed under a name. */
function RunCard(props: {
  command: string;
  setCommand: (c: string) => void;
  player: string;
  setPlayer: (p: string) => void;
  players: DataOf<'panelListPlayers'> | undefined;
  run: { busy: boolean; error: string | null };
  keep: { busy: boolean; error: string | null };
  rconOff: boolean;
  saveName: string;
  setSaveName: (n: string) => void;
  replacing: SavedCommand | undefined;
  submit: (e: FormEvent) => void;
  saveTyped: () => void;
}) {
  const { command, setCommand, player, setPlayer, players, run, keep, rconOff, saveName, setSaveName, replacing, submit, saveTyped } =
    props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `console.run.${id}` }, values);
  return (
    <Card title={t('title')} className="wide-card">
      <form onSubmit={submit} className="console-form">
        <Field
          fieldClass="field grow"
          label={t('command')}
          hint={t('hint')}
          className="mono"
          autoComplete="off"
          spellCheck={false}
          maxLength={4000}
          placeholder={intl.formatMessage({ id: 'console.command.example' })}
          value={command}
          onChange={(e) => setCommand(e.target.value)}
        />
        <SelectField label={t('player')} value={player} onChange={(e) => setPlayer(e.target.value)}>
          <option value="">{t('noPlayer')}</option>
          {players?.map((p) => (
            <option key={p.uid} value={p.uid}>
              {p.online ? t('online', { name: p.name || p.uid }) : p.name || p.uid}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="primary" disabled={run.busy || !command.trim() || rconOff}>
          {t(run.busy ? 'running' : 'run')}
        </button>
      </form>
      <ErrorNote error={run.error} />
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          saveTyped();
        }}
      >
        <Field
          hideLabel
          label={t('saveName')}
          placeholder={t('saveAs')}
          maxLength={64}
          value={saveName}
          onChange={(e) => setSaveName(e.target.value)}
        />
        <button type="submit" disabled={!saveName.trim() || !command.trim() || keep.busy}>
          {replacing ? t('replace', { name: replacing.name }) : t('save')}
        </button>
      </form>
      <ErrorNote error={keep.error} />
    </Card>
  );
}

/** RCON is deprecated by the game, and may be off here: said before anything is typed. */
function RconNote({ rconOff }: { rconOff: boolean }) {
  const intl = useIntl();
  return (
    <>
      <p className="muted">{intl.formatMessage({ id: 'console.rcon.deprecated' })}</p>
      {rconOff && (
        <div className="card note" role="status">
          {intl.formatMessage({ id: 'console.rcon.off' })}
        </div>
      )}
    </>
  );
}
