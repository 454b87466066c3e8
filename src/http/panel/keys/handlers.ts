// Integration key administration (spec: Key management; Integration key lifecycle). Admin
// sessions only (the route table says so); the plaintext key leaves exactly once, in the 201 of
// the create. The store records each change in the audit log with the signed-in user as the actor.
import { userActor } from '../../../domain/actor.js';
import { json } from '../../respond.js';
import type { CreateKeyRequestSchema } from '../../../contract/integration-rows.js';
import type { PanelHandler } from '../context.js';
import type { KeyPath } from '../../../contract/panel/keys.js';

export const createKey = (({ deps, body, user }) => {
  const created = deps.store.keys.create(body.label, userActor(user.username));
  const { id, label, createdAt, lastUsedAt, revokedAt, key } = created;
  return json(201, { id, label, createdAt, lastUsedAt, revokedAt, key });
}) satisfies PanelHandler<{ body: typeof CreateKeyRequestSchema }>;

export const listKeys = (({ deps }) =>
  json(
    200,
    deps.store.keys.list().map(({ id, label, createdAt, lastUsedAt, revokedAt }) => ({ id, label, createdAt, lastUsedAt, revokedAt })),
  )) satisfies PanelHandler;

export const revokeKey = (({ deps, params, user }) => {
  const rec = deps.store.keys.revoke(params.id, userActor(user.username));
  return json(200, { id: rec.id, label: rec.label, createdAt: rec.createdAt, lastUsedAt: rec.lastUsedAt, revokedAt: rec.revokedAt });
}) satisfies PanelHandler<{ params: typeof KeyPath }>;
