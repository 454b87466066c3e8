// The words the wire speaks: closed sets of values that the contract's schemas enumerate and the
// rest of the house reasons with. Declared here, on the contract's floor, so the schemas need
// nothing above zod and lib/; the domain modules re-export them beside their rules.

/** Every kind of the event log: the public ones and those only the panel sees. */
export const EVENT_KINDS = ['join', 'leave', 'backup', 'system', 'audit', 'moderation'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** Event kinds a key holder may ever see (spec: Endpoints rule 8). */
export const PUBLIC_EVENT_KINDS = ['join', 'leave', 'backup', 'system'] as const;
export type PublicEventKind = (typeof PUBLIC_EVENT_KINDS)[number];

/** The game-data poller's state (spec: World summary, `state`). */
export const GAME_DATA_STATES = ['disabled', 'pending', 'ready', 'stale', 'unsupported', 'unauthorized', 'unavailable'] as const;
export type GameDataState = (typeof GAME_DATA_STATES)[number];
export const ACTIVITIES = [
  'working',
  'transporting',
  'eating',
  'sleeping',
  'idle',
  'inactive',
  'combat',
  'incapacitated',
  'moving',
  'unknown',
] as const;
export type Activity = (typeof ACTIVITIES)[number];

export const ROLES = ['admin', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PLACEMENTS = ['party', 'box', 'base', 'unknown'] as const;
export type Placement = (typeof PLACEMENTS)[number];
/** Where a pal's owner comes from (spec: Ownership provenance). */
export const OWNER_SOURCES = ['save', 'personal_container', 'last_observed', 'unresolved'] as const;
export type OwnerSource = (typeof OWNER_SOURCES)[number];
