import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { createKey, listKeys, revokeKey } from './handlers.js';

export function keyRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        ...operation('listKeys', { 200: 'OK' }),
        summary: 'Integration key records, newest first (never the key)',
        handler: listKeys,
      }),
      route({
        ...operation('createKey', { 201: 'Created' }),
        summary: 'Create an integration key; the plaintext key is returned only here',
        errors: { 409: '`too_many_keys`: 100 active keys exist already.' },
        handler: createKey,
      }),
      route({
        ...operation('revokeKey', { 200: 'The record with revokedAt set.' }),
        summary: 'Revoke a key (again: the original revokedAt)',
        errors: { 404: '`not_found`: no key has that id.' },
        handler: revokeKey,
      }),
    ]),
  ];
}
