// Moderation beyond one player: the whitelist, the panel's bans, join and leave announcements.
// The event log is a screen of its own (features/events/Events.tsx), linked from here.
import { useState } from 'react';
import { when } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { Link, useTitle } from '../../shared/router';
import { useCanModerate, useIsAdmin } from '../../shared/session';
import type { Ban, WhitelistImpact } from '../../types';
import { Card, PageHead } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { CheckField, Field } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { unbanPlayer, useAnnouncements, useBans, useWhitelist, whitelistImpact } from './api';
import { actorLabel } from '../../../../src/contract/audit-words';

export function Moderation() {
  useTitle('Moderation');
  return (
    <>
      <PageHead title="Moderation" />
      <div className="grid">
        <WhitelistCard />
        <BansCard />
        <AnnouncementsCard />
      </div>
      <p className="muted small">
        Every join, leave, kick and ban is in <Link href="/events">Events</Link>.
      </p>
    </>
  );
}

/** "Turning the whitelist on kicks 2 players online now: Alice, Bob. Turn it on?" */
export function kickWords(kicks: WhitelistImpact['kicks'], wasOn: boolean): string {
  const who = kicks.map((k) => k.name || k.userId || k.uid).join(', ');
  const n = kicks.length === 1 ? '1 player' : `${kicks.length} players`;
  return wasOn
    ? `This whitelist kicks ${n} online now: ${who}. Save it?`
    : `Turning the whitelist on kicks ${n} online now: ${who}. Turn it on?`;
}

function WhitelistCard() {
  const admin = useCanModerate();
  const { r, draft, setDraft, dirty, reset, submit, saving, error } = useWhitelist();
  const [id, setId] = useState('');
  const [note, setNote] = useState('');
  const check = useAction();
  const [kicks, setKicks] = useState<WhitelistImpact['kicks'] | null>(null);
  const wasOn = r.data?.enabled === true;
  const nameOf = (id: string) => draft?.known.find((x) => x.id === id)?.name;
  // A list that is on (or being turned on) kicks whoever is online and not on it: say who first,
  // and send nothing unless the admin says yes.
  const save = async () => {
    if (!draft?.enabled) return void submit();
    const impact = await check.run(() => whitelistImpact(draft));
    if (impact === undefined) return;
    if (impact.data.kicks.length === 0) return void submit();
    setKicks(impact.data.kicks);
  };
  return (
    <Card title="Whitelist">
      <Async r={r} what="Reading the whitelist">
        {() =>
          draft && (
            <>
              <p className="muted small">
                When on, a player not listed is kicked as they join (and anyone online who is not listed, within a minute).
              </p>
              <CheckField
                label="Whitelist on"
                checked={draft.enabled}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
              />
              <DataTable
                caption="Whitelist entries"
                rows={draft.entries}
                rowKey={(e) => e.id}
                empty="Nobody is listed."
                columns={[
                  {
                    key: 'name',
                    label: 'Player',
                    sort: (e) => nameOf(e.id) ?? '',
                    render: (e) => <ListedName known={draft.known.find((x) => x.id === e.id)} />,
                  },
                  { key: 'id', label: 'Platform id or uid', wide: true, render: (e) => <code>{e.id}</code>, sort: (e) => e.id },
                  { key: 'note', label: 'Note', render: (e) => e.note },
                  ...(admin
                    ? [
                        {
                          key: 'x',
                          label: 'Remove',
                          render: (e: { id: string }) => (
                            <button
                              type="button"
                              className="link"
                              aria-label={`Remove ${nameOf(e.id) ?? e.id}`}
                              onClick={() => setDraft({ ...draft, entries: draft.entries.filter((x) => x.id !== e.id) })}
                            >
                              Remove
                            </button>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              {admin && (
                <form
                  className="inline-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (!id.trim() || draft.entries.some((x) => x.id === id.trim())) return;
                    setDraft({ ...draft, entries: [...draft.entries, { id: id.trim(), note: note.trim() }] });
                    setId('');
                    setNote('');
                  }}
                >
                  <Field
                    hideLabel
                    label="Platform id or save uid to add"
                    placeholder="steam_7656… or a save uid"
                    value={id}
                    maxLength={128}
                    onChange={(e) => setId(e.target.value)}
                  />
                  <Field hideLabel label="Note" placeholder="Note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
                  <button type="submit">Add</button>
                </form>
              )}
              <ErrorNote error={error ?? check.error} />
              {admin && (
                <div className="actions">
                  <button type="button" disabled={!dirty} onClick={reset}>
                    Undo changes
                  </button>
                  <button type="button" className="primary" disabled={!dirty || saving || check.busy} onClick={() => void save()}>
                    {saving || check.busy ? 'Saving…' : 'Save whitelist'}
                  </button>
                </div>
              )}
              <Dialog
                open={kicks !== null}
                title={wasOn ? 'Save the whitelist?' : 'Turn the whitelist on?'}
                confirm={wasOn ? 'Save it' : 'Turn it on'}
                danger
                busy={saving}
                error={error}
                onConfirm={() => void submit().then(() => setKicks(null))}
                onClose={() => setKicks(null)}
              >
                {kicks && <p>{kickWords(kicks, wasOn)}</p>}
              </Dialog>
            </>
          )
        }
      </Async>
    </Card>
  );
}

/** The player a whitelist entry names, where palpanel knows them. */
function ListedName({ known }: { known: { uid: string | null; name: string } | undefined }) {
  if (!known) return <span className="muted">not seen yet</span>;
  return known.uid ? <Link href={`/players/${known.uid}`}>{known.name}</Link> : known.name;
}

function BansCard() {
  const admin = useCanModerate();
  const r = useBans();
  const [target, setTarget] = useState<Ban | null>(null);
  const a = useAction();
  const unban = async () => {
    if (!target?.uid) return;
    const uid = target.uid;
    if ((await a.run(() => unbanPlayer(uid))) !== undefined) {
      setTarget(null);
      r.reload();
    }
  };
  return (
    <Card title="Bans">
      <Async r={r} what="Reading bans">
        {(bans) => (
          <DataTable
            caption="Bans"
            rows={bans}
            rowKey={(b) => b.userId}
            empty="Nobody is banned through palpanel."
            filterText={(b) => `${b.name ?? ''} ${b.userId} ${b.reason ?? ''}`}
            columns={[
              {
                key: 'name',
                label: 'Player',
                sort: (b) => b.name ?? '',
                render: (b) => (
                  <span title={b.userId}>{b.uid ? <Link href={`/players/${b.uid}`}>{b.name || b.userId}</Link> : b.name || b.userId}</span>
                ),
              },
              { key: 'reason', label: 'Reason', render: (b) => b.reason ?? <span className="muted">none given</span> },
              { key: 'at', label: 'When', sort: (b) => b.bannedAt, render: (b) => when(b.bannedAt) },
              { key: 'by', label: 'By', wide: true, render: (b) => <span title={b.bannedBy}>{actorLabel(b.bannedBy)}</span> },
              ...(admin
                ? [
                    {
                      key: 'x',
                      label: 'Unban',
                      render: (b: Ban) =>
                        b.uid ? (
                          <button type="button" className="link" onClick={() => setTarget(b)}>
                            Unban
                          </button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Async>
      <Dialog
        open={target !== null}
        title={`Unban ${target?.name ?? ''}?`}
        confirm="Unban"
        busy={a.busy}
        error={a.error}
        onConfirm={() => void unban()}
        onClose={() => setTarget(null)}
      >
        <p>
          The game lifts the ban on {target?.name || target?.userId}
          {target?.name ? ` (${target.userId})` : ''}.
        </p>
      </Dialog>
    </Card>
  );
}

function AnnouncementsCard() {
  const admin = useIsAdmin();
  const { r, draft, setDraft, submit, saving, error, saved } = useAnnouncements();
  return (
    <Card title="Join and leave announcements">
      <Async r={r} what="Reading announcements">
        {() =>
          draft && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <CheckField
                label="Announce joins and leaves in game"
                checked={draft.enabled}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
              />
              <Field
                label="When a player joins"
                value={draft.joinTemplate}
                maxLength={200}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, joinTemplate: e.target.value })}
              />
              <Field
                label="When a player leaves"
                hint="{name} is replaced by the player’s name."
                value={draft.leaveTemplate}
                maxLength={200}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, leaveTemplate: e.target.value })}
              />
              <ErrorNote error={error} />
              {admin && (
                <div className="actions">
                  {saved && <span role="status">Saved.</span>}
                  <button type="submit" className="primary" disabled={saving}>
                    Save
                  </button>
                </div>
              )}
            </form>
          )
        }
      </Async>
    </Card>
  );
}
