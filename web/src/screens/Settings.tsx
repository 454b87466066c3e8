// Settings (admins): panel users and their sessions, Integration API keys (the plaintext shown
// once, with a copy button), webhooks, and the audit log.
import { useState } from 'react';
import { api } from '../api';
import { ago, when } from '../format';
import { useAction, useApi, useData, useNow, usePaged } from '../hooks';
import { useTitle } from '../router';
import { useSession } from '../session';
import type { AuditEntry, KeyRecord, Role, Session, User } from '../types';
import { Badge, Card, PageHead } from '../ui/bits';
import { Dialog } from '../ui/dialog';
import { DataTable } from '../ui/table';
import { Async, ErrorNote, PagedList } from '../ui/states';

export function Settings() {
  useTitle('Settings');
  return (
    <>
      <PageHead title="Settings" />
      <div className="grid">
        <KeysCard />
        <UsersCard />
        <SessionsCard />
        <WebhooksCard />
        <AuditCard />
      </div>
    </>
  );
}

function KeysCard() {
  const keys = useApi<KeyRecord[]>('/integration-keys');
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<{ label: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<KeyRecord | null>(null);
  const make = useAction();
  const rev = useAction();
  const now = useNow();
  const create = async () => {
    const k = await make.run(() => api.post<KeyRecord & { key: string }>('/integration-keys', { label: label.trim() }));
    if (k) {
      setCreated({ label: k.label, key: k.key });
      setCopied(false);
      setLabel('');
      keys.reload();
    }
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      // No clipboard (plain http on another host): the key is selectable text.
      setCopied(false);
    }
  };
  const revoke = async () => {
    if (revoking && (await rev.run(() => api.del(`/integration-keys/${revoking.id}`))) !== undefined) {
      setRevoking(null);
      keys.reload();
    }
  };
  return (
    <Card title="Integration API keys" className="wide-card">
      <p className="muted small">Bots, status pages and dashboards read the Integration API with a key. A key is shown once, when it is made.</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <input aria-label="Label of the new key" placeholder="Label, e.g. discord bot" maxLength={64} value={label} onChange={(e) => setLabel(e.target.value)} />
        <button type="submit" className="primary" disabled={!label.trim() || make.busy}>
          Create key
        </button>
      </form>
      <ErrorNote error={make.error} />
      {created && (
        <div className="new-key" role="status">
          <p>
            The key for <strong>{created.label}</strong>. Copy it now: it is not shown again.
          </p>
          <code className="key" data-testid="new-key">
            {created.key}
          </code>
          <div className="actions">
            <button type="button" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <Async r={keys} what="Reading keys">
        {(rows) => (
          <DataTable
            caption="Integration API keys"
            rows={rows}
            rowKey={(k) => k.id}
            empty="No keys yet."
            columns={[
              { key: 'label', label: 'Label', sort: (k) => k.label, render: (k) => k.label },
              { key: 'id', label: 'Id', wide: true, render: (k) => <code>{k.id}</code> },
              { key: 'made', label: 'Made', wide: true, sort: (k) => k.createdAt, render: (k) => when(k.createdAt) },
              { key: 'used', label: 'Last used', sort: (k) => k.lastUsedAt ?? '', render: (k) => ago(k.lastUsedAt, now) },
              {
                key: 'state',
                label: 'State',
                render: (k) =>
                  k.revokedAt ? (
                    // The time beside the badge, not in it: a badge does not wrap, and the
                    // column must fit a phone.
                    <>
                      <Badge>revoked</Badge> <span className="muted small">{ago(k.revokedAt, now)}</span>
                    </>
                  ) : (
                    <button type="button" className="link danger-text" onClick={() => setRevoking(k)}>
                      Revoke
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Async>
      <Dialog open={revoking !== null} title={`Revoke “${revoking?.label ?? ''}”?`} confirm="Revoke" danger busy={rev.busy} error={rev.error} onConfirm={() => void revoke()} onClose={() => setRevoking(null)}>
        <p>Its next request is refused. A revoked key cannot be used again.</p>
      </Dialog>
    </Card>
  );
}

function UsersCard() {
  const { me } = useSession();
  const users = useData<User[]>('/users');
  const [form, setForm] = useState({ username: '', role: 'viewer' as Role, password: '' });
  const [target, setTarget] = useState<{ user: User; what: 'delete' | 'password' | 'role' } | null>(null);
  const [password, setPassword] = useState('');
  const add = useAction();
  const act = useAction();
  const create = async () => {
    if ((await add.run(() => api.post('/users', form))) !== undefined) {
      setForm({ username: '', role: 'viewer', password: '' });
      users.reload();
    }
  };
  const confirm = async () => {
    if (!target) return;
    const u = encodeURIComponent(target.user.username);
    const call =
      target.what === 'delete'
        ? () => api.del(`/users/${u}`)
        : target.what === 'password'
          ? () => api.put(`/users/${u}/password`, { password })
          : () => api.patch(`/users/${u}`, { role: target.user.role === 'admin' ? 'viewer' : 'admin' });
    if ((await act.run(call)) !== undefined) {
      setTarget(null);
      setPassword('');
      users.reload();
    }
  };
  const title = target ? (target.what === 'delete' ? `Remove ${target.user.username}?` : target.what === 'password' ? `New password for ${target.user.username}` : `Make ${target.user.username} ${target.user.role === 'admin' ? 'a viewer' : 'an admin'}?`) : '';
  return (
    <Card title="Users">
      <Async r={users} what="Reading users">
        {(rows) => (
          <DataTable
            caption="Panel users"
            rows={rows}
            rowKey={(u) => u.username}
            columns={[
              { key: 'name', label: 'User', sort: (u) => u.username, render: (u) => (u.username === me.username ? <strong>{u.username} (you)</strong> : u.username) },
              { key: 'role', label: 'Role', sort: (u) => u.role, render: (u) => <Badge tone={u.role === 'admin' ? 'info' : 'muted'}>{u.role}</Badge> },
              {
                key: 'x',
                label: 'Actions',
                render: (u) => (
                  <span className="row-actions">
                    <button type="button" className="link" onClick={() => setTarget({ user: u, what: 'role' })}>
                      {u.role === 'admin' ? 'Make viewer' : 'Make admin'}
                    </button>
                    <button type="button" className="link" onClick={() => setTarget({ user: u, what: 'password' })}>
                      Reset password
                    </button>
                    <button type="button" className="link danger-text" onClick={() => setTarget({ user: u, what: 'delete' })}>
                      Remove
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Async>
      <h3>Add a user</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <div className="row">
          <div className="field">
            <label htmlFor="nu-name">Username</label>
            <input id="nu-name" required pattern="[A-Za-z0-9_.\-]{1,32}" autoComplete="off" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="nu-role">Role</label>
            <select id="nu-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })}>
              <option value="viewer">Viewer (reads only)</option>
              <option value="admin">Admin</option>
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="nu-pass">Password (10 characters or more)</label>
          <input id="nu-pass" type="password" required minLength={10} autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </div>
        <ErrorNote error={add.error} />
        <button type="submit" disabled={add.busy}>
          Add user
        </button>
      </form>
      <Dialog open={target !== null} title={title} confirm={target?.what === 'delete' ? 'Remove' : 'Confirm'} danger={target?.what === 'delete'} busy={act.busy} error={act.error} canConfirm={target?.what !== 'password' || password.length >= 10} onConfirm={() => void confirm()} onClose={() => setTarget(null)}>
        {target?.what === 'password' && (
          <div className="field">
            <label htmlFor="reset-pass">New password</label>
            <input id="reset-pass" type="password" autoComplete="new-password" minLength={10} value={password} onChange={(e) => setPassword(e.target.value)} />
            <small className="muted">Their sessions end.</small>
          </div>
        )}
        {target?.what === 'delete' && <p>Their sessions end at once.</p>}
        {target?.what === 'role' && <p>The change applies to their open sessions at once.</p>}
      </Dialog>
    </Card>
  );
}

function SessionsCard() {
  const sessions = useData<Session[]>('/sessions', { refreshMs: 30000 });
  const end = useAction();
  const now = useNow();
  const stop = async (s: Session) => {
    if ((await end.run(() => api.del(`/sessions/${s.id}`))) !== undefined) sessions.reload();
  };
  return (
    <Card title="Sessions">
      <ErrorNote error={end.error} />
      <Async r={sessions} what="Reading sessions">
        {(rows) => (
          <DataTable
            caption="Sessions"
            rows={rows}
            rowKey={(s) => s.id}
            columns={[
              { key: 'user', label: 'User', sort: (s) => s.username, render: (s) => `${s.username}${s.current ? ' (this one)' : ''}` },
              { key: 'seen', label: 'Last active', sort: (s) => s.lastSeenAt, render: (s) => ago(s.lastSeenAt, now) },
              { key: 'expires', label: 'Expires', wide: true, render: (s) => when(s.expiresAt) },
              {
                key: 'x',
                label: 'End',
                render: (s) =>
                  s.current ? null : (
                    <button type="button" className="link" onClick={() => void stop(s)}>
                      End
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Async>
    </Card>
  );
}

interface Webhook {
  id: string;
  format: 'discord' | 'json';
  /** The URL with its last path segment (a token, for Discord) masked: the API never shows it whole. */
  urlHint: string;
  createdAt: string;
  createdBy: string;
}

function WebhooksCard() {
  const hooks = useData<Webhook[]>('/webhooks');
  const [form, setForm] = useState({ format: 'discord', url: '' });
  const add = useAction();
  const del = useAction();
  const create = async () => {
    if ((await add.run(() => api.post('/webhooks', form))) !== undefined) {
      setForm({ format: 'discord', url: '' });
      hooks.reload();
    }
  };
  const remove = async (id: string) => {
    if ((await del.run(() => api.del(`/webhooks/${id}`))) !== undefined) hooks.reload();
  };
  return (
    <Card title="Webhooks">
      <p className="muted small">Joins, leaves, backups and reachability changes are sent to each webhook as they happen.</p>
      <ErrorNote error={del.error} />
      <Async r={hooks} what="Reading webhooks">
        {(rows) => (
          <DataTable
            caption="Webhooks"
            rows={rows}
            rowKey={(w) => w.id}
            empty="No webhooks."
            columns={[
              { key: 'format', label: 'Format', render: (w) => w.format },
              { key: 'url', label: 'URL', render: (w) => <code className="small">{w.urlHint}</code> },
              {
                key: 'x',
                label: 'Remove',
                render: (w) => (
                  <button type="button" className="link danger-text" onClick={() => void remove(w.id)}>
                    Remove
                  </button>
                ),
              },
            ]}
          />
        )}
      </Async>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <select aria-label="Webhook format" value={form.format} onChange={(e) => setForm({ ...form, format: e.target.value })}>
          <option value="discord">Discord</option>
          <option value="json">JSON</option>
        </select>
        <input aria-label="Webhook URL" type="url" placeholder="https://discord.com/api/webhooks/…" required value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        <button type="submit" disabled={add.busy}>
          Add
        </button>
      </form>
      <ErrorNote error={add.error} />
    </Card>
  );
}

function AuditCard() {
  const audit = usePaged<AuditEntry>('/audit?limit=100');
  const now = useNow();
  return (
    <Card title="Audit log" className="wide-card" actions={<button type="button" onClick={audit.reload}>Refresh</button>}>
      <PagedList list={audit} what="Reading the audit log" more="Older entries">
        {(rows) => (
          <DataTable
            caption="Audit log"
            rows={rows}
            rowKey={(a) => String(a.id)}
            filterText={(a) => `${a.actor} ${a.action} ${a.target ?? ''} ${a.detail ?? ''}`}
            columns={[
              { key: 'at', label: 'When', sort: (a) => a.at, render: (a) => <time dateTime={a.at} title={when(a.at)}>{ago(a.at, now)}</time> },
              { key: 'actor', label: 'Who', sort: (a) => a.actor, render: (a) => a.actor },
              { key: 'action', label: 'What', sort: (a) => a.action, render: (a) => <code>{a.action}</code> },
              { key: 'target', label: 'Target', wide: true, render: (a) => a.target ?? '' },
              { key: 'outcome', label: 'Outcome', sort: (a) => a.outcome, render: (a) => <Badge tone={a.outcome === 'ok' ? 'ok' : 'bad'}>{a.outcome}</Badge> },
              { key: 'detail', label: 'Detail', wide: true, render: (a) => [a.reason, a.detail].filter(Boolean).join(' · ') },
            ]}
          />
        )}
      </PagedList>
    </Card>
  );
}
