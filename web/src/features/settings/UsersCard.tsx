// Panel users: the list, a role change, a password reset or a removal (each after a question),
// and the form that adds one.
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
import { createUser, removeUser, setUserPassword, setUserRole, useUsers } from './api';

/** Every role (domain/account.ts) in the form's words, in the order offered: a new role fails the type check here. */
const ROLE_WORDS: Record<Role, string> = { viewer: 'Viewer (reads only)', admin: 'Admin' };

export function UsersCard() {
  const { me } = useSession();
  const users = useUsers();
  const [target, setTarget] = useState<{ user: User; what: 'delete' | 'password' | 'role' } | null>(null);
  const [password, setPassword] = useState('');
  const act = useAction();
  const confirm = async () => {
    if (!target) return;
    const u = target.user.username;
    const call =
      target.what === 'delete'
        ? () => removeUser(u)
        : target.what === 'password'
          ? () => setUserPassword(u, password)
          : () => setUserRole(u, target.user.role === 'admin' ? 'viewer' : 'admin');
    if ((await act.run(call)) !== undefined) {
      setTarget(null);
      setPassword('');
      users.reload();
    }
  };
  const title = target
    ? target.what === 'delete'
      ? `Remove ${target.user.username}?`
      : target.what === 'password'
        ? `New password for ${target.user.username}`
        : `Make ${target.user.username} ${target.user.role === 'admin' ? 'a viewer' : 'an admin'}?`
    : '';
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
                render: (u) => <Badge tone={u.role === 'admin' ? 'info' : 'muted'}>{u.role}</Badge>,
              },
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
      <AddUserForm onAdded={users.reload} />
      <Dialog
        open={target !== null}
        title={title}
        confirm={target?.what === 'delete' ? 'Remove' : 'Confirm'}
        danger={target?.what === 'delete'}
        busy={act.busy}
        error={act.error}
        canConfirm={target?.what !== 'password' || password.length >= PASSWORD_MIN_LENGTH}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
      >
        {target?.what === 'password' && (
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
        {target?.what === 'delete' && <p>Their sessions end at once.</p>}
        {target?.what === 'role' && <p>The change applies to their open sessions at once.</p>}
      </Dialog>
    </Card>
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
