// The panel API's route table (interface.md, Decisions; spec: Key management). Who may call a
// route is stated here and enforced by the surface (panel/index.ts): a session for every route
// but the login, the role, and the Origin check on every mutating route. A new route is one
// entry here and its handler (typed by the entry's schemas); a path parameter's schema carries
// an example, from which test/http/route-table.test.ts builds the requests that walk it.
import { RouteTable } from '../routes/table.js';
import { authRoutes } from './auth/routes.js';
import type { PanelRoute } from './context.js';
import { keyRoutes } from './keys/routes.js';
import { eventRoutes } from './events/routes.js';
import { adminRoutes } from './admin/routes.js';
import { accountRoutes } from './account/routes.js';
import type { ThrottleOptions } from './auth/login-throttle.js';
import { serverRoutes } from './server/routes.js';
import { worldRoutes } from './world/routes.js';
import { playerRoutes } from './players/routes.js';
import { palRoutes } from './pals/routes.js';
import { nameRoutes } from './names/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { backupRoutes } from './backups/routes.js';
import { consoleRoutes } from './console/routes.js';
import { configRoutes } from './config/routes.js';
import { itemRoutes } from './items/routes.js';
import { taskRoutes } from './tasks/routes.js';
import { diagnosticsRoutes } from './diagnostics/routes.js';
import { activityRoutes } from './activity/routes.js';
import { hostRoutes } from './host/routes.js';
import { gameLogRoutes } from './game-log/routes.js';

export const PANEL_BASE = '/api/v1';
/** Panel request bodies (login, key label) are small. */
export const PANEL_BODY_LIMIT = 64 * 1024;

/** A fresh table: the login route owns its failed-login throttle. */
export function panelRoutes(loginThrottle?: ThrottleOptions): PanelRoute[] {
  return [
    ...authRoutes(loginThrottle),
    ...keyRoutes(),
    ...adminRoutes(),
    ...accountRoutes(),
    ...eventRoutes(),
    ...serverRoutes(),
    ...worldRoutes(),
    ...playerRoutes(),
    ...palRoutes(),
    ...nameRoutes(),
    ...webhookRoutes(),
    ...backupRoutes(),
    ...consoleRoutes(),
    ...configRoutes(),
    ...itemRoutes(),
    ...taskRoutes(),
    ...diagnosticsRoutes(),
    ...activityRoutes(),
    ...hostRoutes(),
    ...gameLogRoutes(),
  ];
}

export const panelTable = (loginThrottle?: ThrottleOptions) => new RouteTable(PANEL_BASE, panelRoutes(loginThrottle));
