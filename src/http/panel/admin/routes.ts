// The admin's settings routes of the panel table: users, sessions and the audit log (issue 10).
// Handlers in admin-routes.ts, shapes in admin-schemas.ts.
import {
  createUser,
  endSession,
  endUserSessions,
  listAudit,
  listSessions,
  listUsers,
  removeUser,
  resetUserTotp,
  setPassword,
  setRole,
} from './handlers.js';
import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';

export function adminRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        ...operation('listUsers', { 200: 'OK' }),
        summary: 'Panel users by name (never a password or its hash)',
        handler: listUsers,
      }),
      route({
        ...operation('createUser', { 201: 'Created' }),
        summary: 'Add a panel user',
        errors: { 409: '`conflict`: a user of that name exists.' },
        handler: createUser,
      }),
      route({
        ...operation('setUserRole', { 200: 'The user with the new role.' }),
        summary: "Change a user's role (applies to their sessions at once)",
        errors: { 404: '`not_found`: no user has that name.', 409: '`conflict`: the last admin cannot be demoted.' },
        handler: setRole,
      }),
      route({
        ...operation('setUserPassword', { 204: 'Changed.' }),
        summary: "Reset a user's password; their sessions end (an admin's own, but this one)",
        errors: { 404: '`not_found`: no user has that name.' },
        handler: setPassword,
      }),
      route({
        ...operation('removeUser', { 204: 'Removed.' }),
        summary: 'Remove a user and end their sessions',
        errors: { 404: '`not_found`: no user has that name.', 409: '`conflict`: the last admin cannot be removed.' },
        handler: removeUser,
      }),
      route({
        ...operation('listSessions', { 200: 'OK' }),
        summary: 'Sessions that have not expired, newest first',
        handler: listSessions,
      }),
      route({
        ...operation('endSession', { 204: 'Ended.' }),
        summary: 'End a session (its next request is unauthorized)',
        errors: { 404: '`not_found`: no live session has that id.' },
        handler: endSession,
      }),
      route({
        ...operation('endUserSessions', { 204: 'Ended (an admin ending their own keeps this one).' }),
        summary: 'End every session of a user (audited, one row each)',
        errors: { 404: '`not_found`: no user has that name.' },
        handler: endUserSessions,
      }),
      route({
        ...operation('resetUserTotp', { 204: 'Off; their recovery codes are gone.' }),
        summary: "Turn a user's two-factor sign-in off, for a lost phone (audited)",
        errors: { 404: '`not_found`: no user has that name.' },
        handler: resetUserTotp,
      }),
      route({
        ...operation('listAudit', { 200: 'One page; walk `nextCursor` until it is null.' }),
        summary: 'The audit log, newest first: who changed what, when, and whether it happened',
        handler: listAudit,
      }),
    ]),
  ];
}
