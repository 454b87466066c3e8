// The audit log: every change made through the panel, newest first, a page at a time. Live like
// the dashboard's event log: each audit event of the stream (or of its 5 s polling) puts the new
// rows on top by themselves.
import { Fragment } from 'react';
import { ago, when } from '../../shared/format';
import { useNow } from '../../shared/use-now';
import { useLive } from '../events/live';
import { Badge, Card } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { PagedList } from '../../ui/states';
import { useAudit } from './api';

export function AuditCard() {
  const live = useLive();
  const newestAudit = live.events.find((e) => e.kind === 'audit')?.id ?? null;
  const audit = useAudit(newestAudit);
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
      <PagedList list={audit} what="Reading the audit log" more="Older entries">
        {(rows) => (
          <DataTable
            caption="Audit log"
            rows={rows}
            rowKey={(a) => String(a.id)}
            filterText={(a) => `${a.actor} ${a.action} ${a.target ?? ''} ${a.detail ?? ''}`}
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
              { key: 'actor', label: 'Who', sort: (a) => a.actor, render: (a) => <Breakable text={a.actor} /> },
              {
                key: 'action',
                label: 'What',
                sort: (a) => a.action,
                render: (a) => (
                  <code>
                    <Breakable text={a.action} />
                  </code>
                ),
              },
              { key: 'target', label: 'Target', wide: true, render: (a) => a.target ?? '' },
              {
                key: 'outcome',
                label: 'Outcome',
                sort: (a) => a.outcome,
                render: (a) => <Badge tone={a.outcome === 'ok' ? 'ok' : 'bad'}>{a.outcome}</Badge>,
              },
              { key: 'detail', label: 'Detail', wide: true, render: (a) => [a.reason, a.detail].filter(Boolean).join(' · ') },
            ]}
          />
        )}
      </PagedList>
    </Card>
  );
}

/** `user:admin`, `backup.schedule`: may break after the `:` or `.` on a narrow screen, never
 * inside a word, so the log's key columns fit a phone. */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[:.])/);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </>
  );
}
