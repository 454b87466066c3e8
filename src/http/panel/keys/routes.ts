// The Integration API keys as the panel's admins manage them (spec: Key management).
import { CreateKeyRequestSchema, KeyCreatedSchema, KeyListSchema, KeyRecordSchema } from '../../../contract/integration-rows.js';
import { route, adminOnly, type PanelRoute } from '../context.js';
import { KeyPath } from '../params.js';
import { createKey, listKeys, revokeKey } from './handlers.js';

export function keyRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        method: 'GET',
        path: '/integration-keys',
        operationId: 'listKeys',
        summary: 'Integration key records, newest first (never the key)',
        responses: { 200: { description: 'OK', schema: KeyListSchema } },
        handler: listKeys,
      }),
      route({
        method: 'POST',
        path: '/integration-keys',
        operationId: 'createKey',
        summary: 'Create an integration key; the plaintext key is returned only here',
        request: { body: CreateKeyRequestSchema },
        responses: { 201: { description: 'Created', schema: KeyCreatedSchema } },
        errors: { 409: '`too_many_keys`: 100 active keys exist already.' },
        handler: createKey,
      }),
      route({
        method: 'DELETE',
        path: '/integration-keys/{id}',
        operationId: 'revokeKey',
        summary: 'Revoke a key (again: the original revokedAt)',
        request: { params: KeyPath },
        responses: { 200: { description: 'The record with revokedAt set.', schema: KeyRecordSchema } },
        errors: { 404: '`not_found`: no key has that id.' },
        handler: revokeKey,
      }),
    ]),
  ];
}
