// `GET /api/v1/auth/setup`: whether any panel user exists, and nothing more, for the login page
// of a fresh install to say how the first admin is made (`palpanel users add`). Open, like the
// login: whoever can reach the login form learns only what the form itself would soon tell them.
import { json } from '../../respond.js';
import type { PanelBaseContext } from '../context.js';

export const setupState = ({ deps }: PanelBaseContext) => json(200, { data: { usersExist: deps.store.users.list().length > 0 } });
