// The audit log: every change made through the panel, newest first, a page at a time, filtered
// by who, what and when as its API is (`actor`, `action`, `from`, `to`). Live like the
// dashboard's event log: each audit event of the stream (or of its 5 s polling) puts the new
// rows on top by themselves. A person reads names and words; the ids stay on hover.
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { ago, when } from '../../shared/format';
import { useNow } from '../../shared/use-now';
import { useLive } from '../events/live';
import { Badge, Card } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { PagedList } from '../../ui/states';
import { AUDIT_ACTIONS, auditDetailWords, targetWords, type AuditAction } from '../../../../src/contract/audit-words';
import { useServerText, type ServerText } from '../../i18n/server-text';
import type { Column } from '../../ui/table';
import type { DataOf } from '../../api/operations';
import { useAudit, useUsers, type AuditFilter } from './api';
import { useAuditWords, type AuditWords } from './audit-words';
import './settings.css';

/** A `datetime-local` value (the browser's time) as RFC 3339, or undefined when empty. */
const instantOf = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

export function AuditCard() {
  const live = useLive();
  const newestAudit = live.events.find((e) => e.kind === 'audit')?.id ?? null;
  const [actor, setActor] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: AuditFilter = {
    ...(actor ? { actor } : {}),
    ...(action ? { action } : {}),
    ...(instantOf(from) ? { from: instantOf(from) } : {}),
    ...(instantOf(to) ? { to: instantOf(to) } : {}),
  };
  const filtered = Object.keys(filter).length > 0;
  const audit = useAudit(newestAudit, filter);
  const users = useUsers();
  const now = useNow();
  const intl = useIntl();
  const words = useAuditWords();
  const text = useServerText();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card
      title={t('settings.audit.title')}
      className="wide-card"
      actions={
        <button type="button" onClick={audit.reload}>
          {t('settings.audit.refresh')}
        </button>
      }
    >
      <AuditFilters
        value={{ actor, action, from, to }}
        users={(users.data ?? []).map((u) => u.username)}
        set={{ setActor, setAction, setFrom, setTo }}
        filtered={filtered}
      />
      <PagedList list={audit} what={t('settings.audit.reading')} more={t('settings.audit.older')}>
        {(rows) => (
          <DataTable
            caption={t('settings.audit.title')}
            rows={rows}
            rowKey={(a) => String(a.id)}
            empty={t(filtered ? 'settings.audit.noMatch' : 'settings.audit.empty')}
            filterText={(a) => `${words.actor(a.actor)} ${words.action(a.action)} ${targetWords(a)} ${a.target} ${a.detail ?? ''}`}
            columns={auditColumns({ intl, words, text, now })}
          />
        )}
      </PagedList>
    </Card>
  );
}

type Row = DataOf<'listAudit'>[number];

/** A row's detail: the server's words by their message id where the row carries one (the wire
 * adds `messageId` and `params` beside the English), else the English detail. */
function detailOf(a: Row, words: AuditWords, text: (m: ServerText) => string): string {
  const m = a as Row & { messageId?: string | null; params?: Record<string, string | number> | null };
  const detail = auditDetailWords(a);
  const said = detail === null ? null : text({ message: detail, messageId: m.messageId, params: m.params });
  return [a.reason ? words.reason(a.reason) : null, said].filter(Boolean).join(' · ');
}

function auditColumns({
  intl,
  words,
  text,
  now,
}: {
  intl: IntlShape;
  words: AuditWords;
  text: (m: ServerText) => string;
  now: number;
}): Column<Row>[] {
  const t = (id: string) => intl.formatMessage({ id });
  const outcome = (o: Row['outcome']) => t(o === 'ok' ? 'settings.audit.outcome.ok' : 'settings.audit.outcome.refused');
  return [
    {
      key: 'at',
      label: t('settings.audit.col.when'),
      sort: (a) => a.at,
      render: (a) => (
        <time dateTime={a.at} title={when(a.at)}>
          {ago(a.at, now)}
        </time>
      ),
    },
    {
      key: 'actor',
      label: t('settings.audit.col.who'),
      sort: (a) => words.actor(a.actor),
      // The actor's id on hover and a user's name are data; only the CLI is named in words.
      render: (a) => (
        <span title={a.actor} translate="no">
          {a.actor === 'cli' ? <span translate="yes">{words.actor(a.actor)}</span> : words.actor(a.actor)}
        </span>
      ),
    },
    {
      // What was done to what, in one phrase ("kick player Deathsnacks"), so a phone's
      // three columns hold it; a refusal says so right there.
      key: 'action',
      label: t('settings.audit.col.what'),
      sort: (a) => words.action(a.action),
      render: (a) => (
        <>
          {/* The action's code on hover is data, its words are the catalog's. */}
          <span title={a.action} translate="no">
            <span translate="yes">{words.action(a.action)}</span>
          </span>{' '}
          <Target row={a} />
          {a.outcome === 'refused' && (
            <>
              {' '}
              <Badge tone="bad">{outcome('refused')}</Badge>
            </>
          )}
        </>
      ),
    },
    {
      key: 'outcome',
      label: t('settings.audit.col.outcome'),
      wide: true,
      sort: (a) => a.outcome,
      render: (a) => <Badge tone={a.outcome === 'ok' ? 'ok' : 'bad'}>{outcome(a.outcome)}</Badge>,
    },
    { key: 'detail', label: t('settings.audit.col.detail'), wide: true, render: (a) => detailOf(a, words, text) },
  ];
}

/** Who, what and when, as the API filters; "Clear filters" once one is set. */
function AuditFilters({
  value: { actor, action, from, to },
  users,
  set: { setActor, setAction, setFrom, setTo },
  filtered,
}: {
  value: { actor: string; action: AuditAction | ''; from: string; to: string };
  users: string[];
  set: {
    setActor: (v: string) => void;
    setAction: (v: AuditAction | '') => void;
    setFrom: (v: string) => void;
    setTo: (v: string) => void;
  };
  filtered: boolean;
}) {
  const intl = useIntl();
  const words = useAuditWords();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="filters audit-filters">
      <SelectField label={t('settings.audit.col.who')} value={actor} onChange={(e) => setActor(e.target.value)}>
        <option value="">{t('settings.audit.anyone')}</option>
        {users.map((u) => (
          <option key={u} value={`user:${u}`}>
            {u}
          </option>
        ))}
        <option value="cli">{words.actor('cli')}</option>
        <option value="system">{words.actor('system')}</option>
      </SelectField>
      <SelectField label={t('settings.audit.col.what')} value={action} onChange={(e) => setAction(e.target.value as AuditAction | '')}>
        <option value="">{t('settings.audit.anyChange')}</option>
        {AUDIT_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {words.action(a)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('settings.audit.from')}
        fieldClass="field audit-time"
        type="datetime-local"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <Field
        label={t('settings.audit.until')}
        fieldClass="field audit-time"
        type="datetime-local"
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
      {filtered && (
        <button
          type="button"
          onClick={() => {
            setActor('');
            setAction('');
            setFrom('');
            setTo('');
          }}
        >
          {t('settings.audit.clear')}
        </button>
      )}
    </div>
  );
}

/** The target by name where it has one, its id on hover; an id alone is shown as code. */
function Target({ row }: { row: { action: AuditAction; target: string; targetName: string | null } }) {
  const words = targetWords(row);
  if (!words) return null;
  if (row.targetName)
    return (
      <span title={row.target} translate="no">
        {words}
      </span>
    );
  // A user's name is the target itself.
  if (row.action.startsWith('user.')) return <span translate="no">{words}</span>;
  return <code className="breakable">{words}</code>;
}
