// Panel users: the list with roles and who has two-factor sign-in; a role change (promote,
// demote), a password reset, ending their sessions, resetting their second factor or a removal,
// each after a question; and the form that adds one.
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { PASSWORD_MIN_LENGTH, USERNAME_INPUT_PATTERN } from '../../../../src/contract/account-words';
import { useAction } from '../../api/hooks';
import { useSession } from '../../shared/session';
import type { Role, User } from '../../types';
import { Badge, Card } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { createUser, endUserSessions, removeUser, resetUserTotp, setUserPassword, setUserRole, useUsers } from './api';

/** Every role (docs/roles.md), least first, with its words in the form: a new role fails the type check here. */
const ROLE_WORDS: Record<Role, string> = {
  viewer: 'settings.users.role.viewer',
  moderator: 'settings.users.role.moderator',
  admin: 'settings.users.role.admin',
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
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Card title={t('settings.users.title')}>
      <Async r={users} what={t('settings.users.reading')}>
        {(rows) => (
          <DataTable
            caption={t('settings.users.caption')}
            rows={rows}
            rowKey={(u) => u.username}
            columns={[
              {
                key: 'name',
                label: t('settings.users.col.user'),
                sort: (u) => u.username,
                render: (u) =>
                  u.username === me.username ? (
                    <strong>{t('settings.users.you', { name: u.username })}</strong>
                  ) : (
                    <span translate="no">{u.username}</span>
                  ),
              },
              {
                key: 'role',
                label: t('settings.users.col.role'),
                sort: (u) => u.role,
                render: (u) => (
                  <>
                    <Badge tone={ROLE_TONE[u.role]}>{t(`app.role.${u.role}`)}</Badge>{' '}
                    {u.totp && <Badge tone="ok">{t('settings.users.twoFactor')}</Badge>}
                  </>
                ),
              },
              {
                key: 'x',
                label: t('settings.users.col.actions'),
                render: (u) => (
                  <span className="row-actions">
                    <button type="button" className="link" onClick={() => ask(u, 'role')}>
                      {t('settings.users.changeRole')}
                    </button>
                    <button type="button" className="link" onClick={() => ask(u, 'password')}>
                      {t('settings.users.resetPassword')}
                    </button>
                    <button type="button" className="link" onClick={() => ask(u, 'sessions')}>
                      {t('settings.users.endSessions')}
                    </button>
                    {u.totp && (
                      <button type="button" className="link" onClick={() => ask(u, 'totp')}>
                        {t('settings.users.resetTotp')}
                      </button>
                    )}
                    <button type="button" className="link danger-text" onClick={() => ask(u, 'delete')}>
                      {t('settings.users.remove')}
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Async>
      <h3>{t('settings.users.add')}</h3>
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

/** The roles in the form's words, least first. */
const roleOptions = (intl: IntlShape) =>
  (Object.keys(ROLE_WORDS) as Role[]).map((r) => (
    <option key={r} value={r}>
      {intl.formatMessage({ id: ROLE_WORDS[r] })}
    </option>
  ));

/** The question before a change to one user, and the change. */
function UserDialog({ target, self, onClose, onDone }: { target: Target | null; self: boolean; onClose: () => void; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role | null>(null);
  const act = useAction();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
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
      title={target ? t(`settings.users.ask.${target.what}`, { name: target.user.username }) : ''}
      confirm={t(what === 'delete' ? 'settings.users.remove' : what === 'role' ? 'settings.users.saveRole' : 'settings.users.confirm')}
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
          label={t('settings.users.newPassword')}
          hint={t('settings.users.newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      {what === 'delete' && <p>{t('settings.users.removeBody')}</p>}
      {what === 'role' && (
        <>
          <SelectField label={t('settings.users.col.role')} value={chosen} onChange={(e) => setRole(e.target.value as Role)}>
            {roleOptions(intl)}
          </SelectField>
          <p className="muted small">{t('settings.users.roleBody')}</p>
        </>
      )}
      {what === 'sessions' && <p>{t(self ? 'settings.users.sessionsBodySelf' : 'settings.users.sessionsBody')}</p>}
      {what === 'totp' && <p>{t('settings.users.totpBody')}</p>}
    </Dialog>
  );
}

function AddUserForm({ onAdded }: { onAdded: () => void }) {
  const [form, setForm] = useState({ username: '', role: 'viewer' as Role, password: '' });
  const add = useAction();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
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
          label={t('settings.users.username')}
          required
          pattern={USERNAME_INPUT_PATTERN}
          autoComplete="off"
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.target.value })}
        />
        <SelectField
          label={t('settings.users.col.role')}
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value as Role })}
        >
          {roleOptions(intl)}
        </SelectField>
      </div>
      <Field
        label={t('settings.users.password')}
        hint={t('settings.users.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        type="password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => setForm({ ...form, password: e.target.value })}
      />
      <ErrorNote error={add.error} />
      <button type="submit" disabled={add.busy}>
        {t('settings.users.addButton')}
      </button>
    </form>
  );
}
