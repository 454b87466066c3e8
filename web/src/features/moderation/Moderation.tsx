// Moderation beyond one player: the whitelist, the panel's bans, join and leave announcements.
// The event log is a screen of its own (features/events/Events.tsx), linked from here.
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
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
  const intl = useIntl();
  useTitle(intl.formatMessage({ id: 'moderation.title' }));
  return (
    <>
      <PageHead title={intl.formatMessage({ id: 'moderation.title' })} />
      <div className="grid">
        <WhitelistCard />
        <BansCard />
        <AnnouncementsCard />
      </div>
      <p className="muted small">{intl.formatMessage({ id: 'moderation.eventsLink' }, { link: (c) => <Link href="/events">{c}</Link> })}</p>
    </>
  );
}

/** "Turning the whitelist on kicks 2 players online now: Alice, Bob. Turn it on?" */
export function kickWords(intl: IntlShape, kicks: WhitelistImpact['kicks'], wasOn: boolean): string {
  const who = kicks.map((k) => k.name || k.userId || k.uid).join(', ');
  return intl.formatMessage({ id: wasOn ? 'moderation.kicks.save' : 'moderation.kicks.turnOn' }, { count: kicks.length, who });
}

function WhitelistCard() {
  const admin = useCanModerate();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `moderation.whitelist.${id}` }, values);
  const { r, draft, setDraft, dirty, reset, submit, saving, error } = useWhitelist();
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
    <Card title={t('title')}>
      <Async r={r} what={t('reading')}>
        {() =>
          draft && (
            <>
              <p className="muted small">{t('explain')}</p>
              <CheckField
                label={t('on')}
                checked={draft.enabled}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
              />
              <DataTable
                caption={t('caption')}
                rows={draft.entries}
                rowKey={(e) => e.id}
                empty={t('empty')}
                columns={[
                  {
                    key: 'name',
                    label: t('player'),
                    sort: (e) => nameOf(e.id) ?? '',
                    render: (e) => <ListedName known={draft.known.find((x) => x.id === e.id)} />,
                  },
                  { key: 'id', label: t('id'), wide: true, render: (e) => <code>{e.id}</code>, sort: (e) => e.id },
                  { key: 'note', label: t('note'), render: (e) => e.note },
                  ...(admin
                    ? [
                        {
                          key: 'x',
                          label: t('remove'),
                          render: (e: { id: string }) => (
                            <button
                              type="button"
                              className="link"
                              aria-label={t('removeLabel', { name: nameOf(e.id) ?? e.id })}
                              onClick={() => setDraft({ ...draft, entries: draft.entries.filter((x) => x.id !== e.id) })}
                            >
                              {t('remove')}
                            </button>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              {admin && (
                <AddEntry
                  onAdd={(entry) => {
                    if (draft.entries.some((x) => x.id === entry.id)) return false;
                    setDraft({ ...draft, entries: [...draft.entries, entry] });
                    return true;
                  }}
                />
              )}
              <ErrorNote error={error ?? check.error} />
              {admin && (
                <div className="actions">
                  <button type="button" disabled={!dirty} onClick={reset}>
                    {t('undo')}
                  </button>
                  <button type="button" className="primary" disabled={!dirty || saving || check.busy} onClick={() => void save()}>
                    {t(saving || check.busy ? 'saving' : 'save')}
                  </button>
                </div>
              )}
              <Dialog
                open={kicks !== null}
                title={t(wasOn ? 'confirmSave.title' : 'confirmOn.title')}
                confirm={t(wasOn ? 'confirmSave.confirm' : 'confirmOn.confirm')}
                danger
                busy={saving}
                error={error}
                onConfirm={() => void submit().then(() => setKicks(null))}
                onClose={() => setKicks(null)}
              >
                {kicks && <p>{kickWords(intl, kicks, wasOn)}</p>}
              </Dialog>
            </>
          )
        }
      </Async>
    </Card>
  );
}

/** The form that adds an entry to the whitelist being edited. */
/** `onAdd` says whether it was added (an id already listed is not). */
function AddEntry({ onAdd }: { onAdd: (entry: { id: string; note: string }) => boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `moderation.whitelist.${id}` });
  const [id, setId] = useState('');
  const [note, setNote] = useState('');
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!id.trim() || !onAdd({ id: id.trim(), note: note.trim() })) return;
        setId('');
        setNote('');
      }}
    >
      <Field
        hideLabel
        label={t('addLabel')}
        className="wide"
        placeholder={t('addPlaceholder')}
        value={id}
        maxLength={128}
        onChange={(e) => setId(e.target.value)}
      />
      <Field hideLabel label={t('note')} placeholder={t('note')} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
      <button type="submit">{t('add')}</button>
    </form>
  );
}

/** The player a whitelist entry names, where palpanel knows them. */
function ListedName({ known }: { known: { uid: string | null; name: string } | undefined }) {
  const intl = useIntl();
  if (!known) return <span className="muted">{intl.formatMessage({ id: 'moderation.whitelist.notSeen' })}</span>;
  return known.uid ? (
    <Link href={`/players/${known.uid}`} translate="no">
      {known.name}
    </Link>
  ) : (
    known.name
  );
}

function BansCard() {
  const admin = useCanModerate();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `moderation.bans.${id}` }, values);
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
    <Card title={t('title')}>
      <Async r={r} what={t('reading')}>
        {(bans) => (
          <DataTable
            caption={t('title')}
            rows={bans}
            rowKey={(b) => b.userId}
            empty={t('empty')}
            filterText={(b) => `${b.name ?? ''} ${b.userId} ${b.reason ?? ''}`}
            columns={[
              {
                key: 'name',
                label: t('player'),
                sort: (b) => b.name ?? '',
                render: (b) => (
                  <span title={b.userId} translate="no">
                    {b.uid ? (
                      <Link href={`/players/${b.uid}`} translate="no">
                        {b.name || b.userId}
                      </Link>
                    ) : (
                      b.name || b.userId
                    )}
                  </span>
                ),
              },
              { key: 'reason', label: t('reason'), render: (b) => b.reason ?? <span className="muted">{t('noReason')}</span> },
              { key: 'at', label: t('when'), sort: (b) => b.bannedAt, render: (b) => when(b.bannedAt) },
              {
                key: 'by',
                label: t('by'),
                wide: true,
                render: (b) => <span title={b.bannedBy}>{b.bannedBy === 'cli' ? t('byCli') : actorLabel(b.bannedBy)}</span>,
              },
              ...(admin
                ? [
                    {
                      key: 'x',
                      label: t('unban'),
                      render: (b: Ban) =>
                        b.uid ? (
                          <button type="button" className="link" onClick={() => setTarget(b)}>
                            {t('unban')}
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
        title={t('confirm.title', { name: target?.name ?? '' })}
        confirm={t('unban')}
        busy={a.busy}
        error={a.error}
        onConfirm={() => void unban()}
        onClose={() => setTarget(null)}
      >
        <p>
          {target?.name
            ? t('confirm.bodyNamed', { name: target.name, userId: target.userId })
            : t('confirm.body', { userId: target?.userId ?? '' })}
        </p>
      </Dialog>
    </Card>
  );
}

function AnnouncementsCard() {
  const admin = useIsAdmin();
  const { r, draft, setDraft, submit, saving, error, saved } = useAnnouncements();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `moderation.announce.${id}` });
  return (
    <Card title={t('title')}>
      <Async r={r} what={t('reading')}>
        {() =>
          draft && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <CheckField
                label={t('enabled')}
                checked={draft.enabled}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
              />
              <Field
                label={t('join')}
                value={draft.joinTemplate}
                maxLength={200}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, joinTemplate: e.target.value })}
              />
              <Field
                label={t('leave')}
                hint={t('hint')}
                value={draft.leaveTemplate}
                maxLength={200}
                disabled={!admin}
                onChange={(e) => setDraft({ ...draft, leaveTemplate: e.target.value })}
              />
              <ErrorNote error={error} />
              {admin && (
                <div className="actions">
                  {saved && <span role="status">{t('saved')}</span>}
                  <button type="submit" className="primary" disabled={saving}>
                    {t('save')}
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
