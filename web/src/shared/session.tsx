// Who is signed in. Screens ask `useMe()` for the role so a viewer never sees a control the
// API would refuse it (issue 14: roles respected in the UI as in the API).
import { createContext, useContext } from 'react';
import { roleAtLeast } from '../../../src/contract/vocabulary';
import type { Me } from '../types';

export const SessionContext = createContext<{ me: Me; signOut: () => void } | null>(null);

export function useSession() {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the signed-in app');
  return s;
}

export const useIsAdmin = () => useSession().me.role === 'admin';

/** A moderator or an admin: kick, ban, unban, the whitelist, announce, the console's log (docs/roles.md). */
export const useCanModerate = () => roleAtLeast(useSession().me.role, 'moderator');
