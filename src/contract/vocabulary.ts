// The words the wire speaks: closed sets of values that the contract's schemas enumerate and the
// rest of the house reasons with. Declared here, on the contract's floor, so the schemas need
// nothing above zod and lib/; every room above imports them from here.

/** Every kind of the event log: the public ones and those only the panel sees. */
export const EVENT_KINDS = ['join', 'leave', 'backup', 'system', 'audit', 'moderation', 'crash', 'restart'] as const;
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

/** Panel roles, least first: a viewer reads; a moderator also kicks, bans, unbans, keeps the
 * whitelist, announces and reads the console's log; an admin does everything (docs/roles.md). */
export const ROLES = ['viewer', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** True when `role` is `least` or above it in ROLES. */
export const roleAtLeast = (role: Role, least: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(least);

export const PLACEMENTS = ['party', 'box', 'base', 'unknown'] as const;
export type Placement = (typeof PLACEMENTS)[number];
/** Where a pal's owner comes from (spec: Ownership provenance). */
export const OWNER_SOURCES = ['save', 'personal_container', 'last_observed', 'unresolved'] as const;
export type OwnerSource = (typeof OWNER_SOURCES)[number];

/** The shape of a game item id: what a grant may name. */
export const ITEM_ID = /^[A-Za-z0-9_]{1,64}$/;

/** The orders the pal explorer sorts by. */
export const PAL_SORTS = ['level', 'name', 'owner', 'species', 'stars', 'talents', 'instanceId'] as const;
export type PalSort = (typeof PAL_SORTS)[number];
/** Why a pal's place is `unknown` (store/pal-explorer.ts says what each means). */
export const UNKNOWN_REASONS = ['owner_file_missing', 'owner_not_player', 'no_owner', 'other_container'] as const;
export type UnknownReason = (typeof UNKNOWN_REASONS)[number];

/** The formats a webhook is sent in: Discord's message (an embed), a versioned JSON object with
 * the event's kind, time, message and fields (signed when it has a secret), Slack's incoming
 * webhook (`{"text"}`, which Mattermost and Rocket.Chat take too), or an ntfy topic (plain text
 * with Title, Priority and Tags headers). docs/discord.md says what each receives. */
export const WEBHOOK_FORMATS = ['discord', 'json', 'slack', 'ntfy'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
/** The kinds of event a webhook may receive: the public ones (join, leave, backup, system: what
 * the Integration API shows, and the panel's warnings of those kinds), and the panel's kicks
 * (by an admin or the whitelist) and bans (and unbans); the game's crashes and returns, and the
 * restarts palpanel's policy starts (issue 40). */
export const WEBHOOK_EVENT_KINDS = [
  'join',
  'leave',
  'backup',
  'system',
  'kick',
  'ban',
  'crash',
  'restart',
  // Issue 41: countdowns (their start and cancel), off-site copies of backups (failed and
  // given up), warnings (the panel's own: a refused admin password, a save format drift, a
  // copy that failed), and the audit log (every change, for an admins' channel).
  'countdown',
  'offsite',
  'warning',
  'audit',
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];
/** What a webhook receives unless told otherwise: the public kinds, as before issue 38. */
export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEventKind[] = ['join', 'leave', 'backup', 'system'];

/** A countdown ends in a shutdown or a restart. */
export const COUNTDOWN_KINDS = ['shutdown', 'restart'] as const;
export type CountdownKind = (typeof COUNTDOWN_KINDS)[number];
/** The steps when the admin names none: 10, 5 and 1 minutes, 30 and 10 seconds before. */
export const DEFAULT_STEPS_SEC: readonly number[] = [600, 300, 60, 30, 10];
/** Steps an admin may name: at most this many, each between 1 s and a day. */
export const MAX_STEPS = 12;
export const MAX_STEP_SEC = 86_400;

/** Who made a change, as the audit log records it: a panel user, the operator's shell, or
 * palpanel itself (domain/actor.ts holds the grammar's checks). */
export type Actor = `user:${string}` | 'cli' | 'system';
