// The audit log: every change made through the panel, newest first, a page at a time, filtered
// by who, what and when as its API is (`actor`, `action`, `from`, `to`). Live like the
// dashboard's event log: each audit event of the stream (or of its 5 s polling) puts the new
// rows on top by themselves. A person reads names and words; the ids stay on hover.
import { useState } from 'react';
import { ago, when } from '../../shared/format';
import { useNow } from '../../shared/use-now';
import { useLive } from '../events/live';
import { Badge, Card } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { PagedList } from '../../ui/states';
import {
  AUDIT_ACTIONS,
  actionWords,
  actorLabel,
  auditDetailWords,
  targetWords,
  type AuditAction,
} from '../../../../src/contract/audit-words';
import { useAudit, useUsers, type AuditFilter } from './api';
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
  return (
    <Card
      title="Audit log"
      className="wide-card"
      actions={
        <button type="button" onClick={audit.reload}>
          Refresh
        </button>
      }
    >
      <AuditFilters
        value={{ actor, action, from, to }}
        users={(users.data ?? []).map((u) => u.username)}
        set={{ setActor, setAction, setFrom, setTo }}
        filtered={filtered}
      />
      <PagedList list={audit} what="Reading the audit log" more="Older entries">
        {(rows) => (
          <DataTable
            caption="Audit log"
            rows={rows}
            rowKey={(a) => String(a.id)}
            empty={filtered ? 'No entry matches these filters.' : 'Nothing changed yet.'}
            filterText={(a) => `${actorLabel(a.actor)} ${actionWords(a.action)} ${targetWords(a)} ${a.target} ${a.detail ?? ''}`}
            columns={[
              {
                key: 'at',
                label: 'When',
                sort: (a) => a.at,
                render: (a) => (
                  <time dateTime={a.at} title={when(a.at)}>
                    {ago(a.at, now)}
                  </time>
                ),
              },
              {
                key: 'actor',
                label: 'Who',
                sort: (a) => actorLabel(a.actor),
                render: (a) => <span title={a.actor}>{actorLabel(a.actor)}</span>,
              },
              {
                // What was done to what, in one phrase ("kick player Deathsnacks"), so a phone's
                // three columns hold it; a refusal says so right there.
                key: 'action',
                label: 'What',
                sort: (a) => actionWords(a.action),
                render: (a) => (
                  <>
                    <span title={a.action}>{actionWords(a.action)}</span> <Target row={a} />
                    {a.outcome === 'refused' && (
                      <>
                        {' '}
                        <Badge tone="bad">refused</Badge>
                      </>
                    )}
                  </>
                ),
              },
              {
                key: 'outcome',
                label: 'Outcome',
                wide: true,
                sort: (a) => a.outcome,
                render: (a) => <Badge tone={a.outcome === 'ok' ? 'ok' : 'bad'}>{a.outcome === 'ok' ? 'done' : 'refused'}</Badge>,
              },
              {
                key: 'detail',
                label: 'Detail',
                wide: true,
                render: (a) => [a.reason?.replaceAll('_', ' '), auditDetailWords(a)].filter(Boolean).join(' · '),
              },
            ]}
          />
        )}
      </PagedList>
    </Card>
  );
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
  return (
    <div className="filters audit-filters">
      <SelectField label="Who" value={actor} onChange={(e) => setActor(e.target.value)}>
        <option value="">Anyone</option>
        {users.map((u) => (
          <option key={u} value={`user:${u}`}>
            {u}
          </option>
        ))}
        <option value="cli">{actorLabel('cli')}</option>
        <option value="system">{actorLabel('system')}</option>
      </SelectField>
      <SelectField label="What" value={action} onChange={(e) => setAction(e.target.value as AuditAction | '')}>
        <option value="">Any change</option>
        {AUDIT_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {actionWords(a)}
          </option>
        ))}
      </SelectField>
      <Field label="From" fieldClass="field audit-time" type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
      <Field label="Until" fieldClass="field audit-time" type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
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
          Clear filters
        </button>
      )}
    </div>
  );
}

/** The target by name where it has one, its id on hover; an id alone is shown as code. */
function Target({ row }: { row: { action: AuditAction; target: string; targetName: string | null } }) {
  const words = targetWords(row);
  if (!words) return null;
  if (row.targetName) return <span title={row.target}>{words}</span>;
  // A user's name is the target itself.
  if (row.action.startsWith('user.')) return <>{words}</>;
  return <code className="breakable">{words}</code>;
}
