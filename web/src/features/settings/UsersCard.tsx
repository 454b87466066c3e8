// Panel users: the list with roles and who has two-factor sign-in; a role change (promote,
// demote), a password reset, ending their sessions, resetting their second factor or a removal,
// each after a question; and the form that adds one.
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE, USERNAME_INPUT_PATTERN } from '../../../../src/contract/account-words';
import { useAction } from '../../api/hooks';
import { useSession } from '../../shared/session';
import type { Role, User } from '../../types';
import { Badge, Card } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { createUser, endUserSessions, removeUser, resetUserTotp, setUserPassword, setUserRole, useUsers } from './api';

/** Every role (docs/roles.md) in the form's words, least first: a new role fails the type check here. */
const ROLE_WORDS: Record<Role, string> = {
  viewer: 'Viewer (reads only)',
  moderator: 'Moderator (kick, ban, whitelist, announce)',
  admin: 'Admin (everything)',
};
const ROLE_TONE: Record<Role, 'info' | 'ok' | 'muted'> = { admin: 'info', moderator: 'ok', viewer: 'muted' };

type What = 'delete' | 'password' | 'role' | 'sessions' | 'totp';
interface Target {
  user: User;
  what: What;
}

export function UsersCard() {
  const { me } = useSession();
  const users = useUsers();
  const [target, setTarget] = useState<Target | null>(null);
  const ask = (user: User, what: What) => setTarget({ user, what });
  return (
    <Card title="Users">
      <Async r={users} what="Reading users">
        {(rows) => (
          <DataTable
            caption="Panel users"
            rows={rows}
            rowKey={(u) => u.username}
            columns={[
              {
                key: 'name',
                label: 'User',
                sort: (u) => u.username,
                render: (u) => (u.username === me.username ? <strong>{u.username} (you)</strong> : u.username),
              },
              {
                key: 'role',
                label: 'Role',
                sort: (u) => u.role,
                render: (u) => (
                  <>
                    <Badge tone={ROLE_TONE[u.role]}>{u.role}</Badge> {u.totp && <Badge tone="ok">2FA</Badge>}
                  </>
                ),
              },
              {
                key: 'x',
                label: 'Actions',
                render: (u) => (
                  <span className="row-actions">
                    <button type="button" className="link" onClick={() => ask(u, 'role')}>
                      Change role
                    </button>
                    <button type="button" className="link" onClick={() => ask(u, 'password')}>
                      Reset password
                    </button>
                    <button type="button" className="link" onClick={() => ask(u, 'sessions')}>
                      End sessions
                    </button>
                    {u.totp && (
                      <button type="button" className="link" onClick={() => ask(u, 'totp')}>
                        Reset 2FA
                      </button>
                    )}
                    <button type="button" className="link danger-text" onClick={() => ask(u, 'delete')}>
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
      <AddUserForm onAdded={users.reload} />
      <UserDialog
        target={target}
        self={target?.user.username === me.username}
        onClose={() => setTarget(null)}
        onDone={() => {
          setTarget(null);
          users.reload();
        }}
      />
    </Card>
  );
}

const TITLES: Record<What, (name: string) => string> = {
  delete: (n) => `Remove ${n}?`,
  password: (n) => `New password for ${n}`,
  role: (n) => `Role of ${n}`,
  sessions: (n) => `End every session of ${n}?`,
  totp: (n) => `Reset two-factor sign-in of ${n}?`,
};

/** The question before a change to one user, and the change. */
function UserDialog({ target, self, onClose, onDone }: { target: Target | null; self: boolean; onClose: () => void; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role | null>(null);
  const act = useAction();
  const what = target?.what;
  const chosen = role ?? target?.user.role ?? 'viewer';
  const confirm = async () => {
    if (!target) return;
    const u = target.user.username;
    const calls: Record<What, () => Promise<unknown>> = {
      delete: () => removeUser(u),
      password: () => setUserPassword(u, password),
      role: () => setUserRole(u, chosen),
      sessions: () => endUserSessions(u),
      totp: () => resetUserTotp(u),
    };
    if ((await act.run(calls[target.what])) !== undefined) {
      setPassword('');
      setRole(null);
      onDone();
    }
  };
  return (
    <Dialog
      open={target !== null}
      title={target ? TITLES[target.what](target.user.username) : ''}
      confirm={what === 'delete' ? 'Remove' : what === 'role' ? 'Save role' : 'Confirm'}
      danger={what === 'delete'}
      busy={act.busy}
      error={act.error}
      canConfirm={what === 'password' ? password.length >= PASSWORD_MIN_LENGTH : what === 'role' ? chosen !== target?.user.role : true}
      onConfirm={() => void confirm()}
      onClose={() => {
        setRole(null);
        act.clear();
        onClose();
      }}
    >
      {what === 'password' && (
        <Field
          label="New password"
          hint={`${PASSWORD_RULE} palpanel checks it when it is saved. Their sessions end.`}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      {what === 'delete' && <p>Their sessions end at once.</p>}
      {what === 'role' && (
        <>
          <SelectField label="Role" value={chosen} onChange={(e) => setRole(e.target.value as Role)}>
            {(Object.keys(ROLE_WORDS) as Role[]).map((r) => (
              <option key={r} value={r}>
                {ROLE_WORDS[r]}
              </option>
            ))}
          </SelectField>
          <p className="muted small">The change applies to their open sessions at once.</p>
        </>
      )}
      {what === 'sessions' && <p>{self ? 'Every session of yours but this one ends.' : 'They are signed out everywhere at once.'}</p>}
      {what === 'totp' && (
        <p>Their authenticator app and recovery codes stop working; they sign in with the password alone and may set it up again.</p>
      )}
    </Dialog>
  );
}

function AddUserForm({ onAdded }: { onAdded: () => void }) {
  const [form, setForm] = useState({ username: '', role: 'viewer' as Role, password: '' });
  const add = useAction();
  const create = async () => {
    if ((await add.run(() => createUser(form))) !== undefined) {
      setForm({ username: '', role: 'viewer', password: '' });
      onAdded();
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <div className="row">
        <Field
          label="Username"
          required
          pattern={USERNAME_INPUT_PATTERN}
          autoComplete="off"
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.target.value })}
        />
        <SelectField label="Role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })}>
          {(Object.keys(ROLE_WORDS) as Role[]).map((r) => (
            <option key={r} value={r}>
              {ROLE_WORDS[r]}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        label="Password"
        hint={`${PASSWORD_RULE} palpanel checks it when the user is saved.`}
        type="password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => setForm({ ...form, password: e.target.value })}
      />
      <ErrorNote error={add.error} />
      <button type="submit" disabled={add.busy}>
        Add user
      </button>
    </form>
  );
}
