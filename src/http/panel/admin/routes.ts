// The admin's settings routes of the panel table: users, sessions and the audit log (issue 10).
// Handlers in admin-routes.ts, shapes in admin-schemas.ts.
import { createUser, endSession, listAudit, listSessions, listUsers, removeUser, setPassword, setRole } from './handlers.js';
import {
  AuditPageSchema,
  AuditQuery,
  CreateUserRequestSchema,
  SessionListSchema,
  SessionPath,
  SetPasswordRequestSchema,
  SetRoleRequestSchema,
  UserEnvelopeSchema,
  UserListSchema,
  UserPath,
} from '../../../contract/panel/admin.js';
import { route, adminOnly, type PanelRoute } from '../context.js';

export function adminRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        method: 'GET',
        path: '/users',
        operationId: 'listUsers',
        summary: 'Panel users by name (never a password or its hash)',
        responses: { 200: { description: 'OK', schema: UserListSchema } },
        handler: listUsers,
      }),
      route({
        method: 'POST',
        path: '/users',
        operationId: 'createUser',
        summary: 'Add a panel user',
        request: { body: CreateUserRequestSchema },
        responses: { 201: { description: 'Created', schema: UserEnvelopeSchema } },
        errors: { 409: '`conflict`: a user of that name exists.' },
        handler: createUser,
      }),
      route({
        method: 'PATCH',
        path: '/users/{username}',
        operationId: 'setUserRole',
        summary: "Change a user's role (applies to their sessions at once)",
        request: { params: UserPath, body: SetRoleRequestSchema },
        responses: { 200: { description: 'The user with the new role.', schema: UserEnvelopeSchema } },
        errors: { 404: '`not_found`: no user has that name.', 409: '`conflict`: the last admin cannot be demoted.' },
        handler: setRole,
      }),
      route({
        method: 'PUT',
        path: '/users/{username}/password',
        operationId: 'setUserPassword',
        summary: "Reset a user's password; their sessions end (an admin's own, but this one)",
        request: { params: UserPath, body: SetPasswordRequestSchema },
        responses: { 204: { description: 'Changed.' } },
        errors: { 404: '`not_found`: no user has that name.' },
        handler: setPassword,
      }),
      route({
        method: 'DELETE',
        path: '/users/{username}',
        operationId: 'removeUser',
        summary: 'Remove a user and end their sessions',
        request: { params: UserPath },
        responses: { 204: { description: 'Removed.' } },
        errors: { 404: '`not_found`: no user has that name.', 409: '`conflict`: the last admin cannot be removed.' },
        handler: removeUser,
      }),
      route({
        method: 'GET',
        path: '/sessions',
        operationId: 'listSessions',
        summary: 'Sessions that have not expired, newest first',
        responses: { 200: { description: 'OK', schema: SessionListSchema } },
        handler: listSessions,
      }),
      route({
        method: 'DELETE',
        path: '/sessions/{id}',
        operationId: 'endSession',
        summary: 'End a session (its next request is unauthorized)',
        request: { params: SessionPath },
        responses: { 204: { description: 'Ended.' } },
        errors: { 404: '`not_found`: no live session has that id.' },
        handler: endSession,
      }),
      route({
        method: 'GET',
        path: '/audit',
        operationId: 'listAudit',
        summary: 'The audit log, newest first: who changed what, when, and whether it happened',
        request: { query: AuditQuery },
        responses: { 200: { description: 'One page; walk `nextCursor` until it is null.', schema: AuditPageSchema } },
        handler: listAudit,
      }),
    ]),
  ];
}
