// Integration key administration (spec: Key management; Integration key lifecycle). Admin
// sessions only (the route table says so); the plaintext key leaves exactly once, in the 201 of
// the create.
import { iso } from '../../lib/time.js';
import { json } from '../respond.js';
import type { CreateKeyRequestSchema } from '../schemas.js';
import type { PanelHandler } from './context.js';
import type { KeyPath } from './params.js';

export const createKey: PanelHandler<{ body: typeof CreateKeyRequestSchema }> = ({ deps, body, user, now }) => {
  const created = deps.store.keys.create(body.label);
  try {
    // Audit trail for the panel (never public, never with the key).
    deps.store.events.append({ at: iso(now), kind: 'audit', message: `integration key ${created.id} created by ${user.username}` });
  } catch (err) {
    deps.log('warn', 'could not record the key audit event', err);
  }
  const { id, label, createdAt, lastUsedAt, revokedAt, key } = created;
  return json(201, { id, label, createdAt, lastUsedAt, revokedAt, key });
};

export const listKeys: PanelHandler = ({ deps }) =>
  json(
    200,
    deps.store.keys.list().map(({ id, label, createdAt, lastUsedAt, revokedAt }) => ({ id, label, createdAt, lastUsedAt, revokedAt })),
  );

export const revokeKey: PanelHandler<{ params: typeof KeyPath }> = ({ deps, params, user, now }) => {
  const before = deps.store.keys.list().find((k) => k.id === params.id)?.revokedAt ?? null;
  const rec = deps.store.keys.revoke(params.id);
  if (before === null) {
    try {
      deps.store.events.append({ at: iso(now), kind: 'audit', message: `integration key ${rec.id} revoked by ${user.username}` });
    } catch (err) {
      deps.log('warn', 'could not record the key audit event', err);
    }
  }
  return json(200, { id: rec.id, label: rec.label, createdAt: rec.createdAt, lastUsedAt: rec.lastUsedAt, revokedAt: rec.revokedAt });
};
