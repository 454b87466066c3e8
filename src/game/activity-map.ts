// Maps the game's free-form `Action` / `AI_Action` strings of `/v1/api/game-data` onto the
// fixed `Activity` allowlist. No official list of action names exists (game-interfaces.md §5.1
// only shows `Idle`, `None`, `TransportItem`), so the name is split into words (CamelCase,
// `_`, spaces: `TransportItem` → transport, item) and a word matches a keyword when it starts
// with it (`sleeping` ~ sleep; `heat` does not match eat); the first row with a match wins. The raw action never leaves this module: it is a free string the game
// may extend, and the spec forbids exposing raw actions.
//
//   keyword(s) in the action name                                   → activity
//   ---------------------------------------------------------------   -------------
//   dying, dead, die, faint, stun, knock, incapacit                  → incapacitated
//   attack, battle, combat, fight, aggro, skill                      → combat
//   sleep, bed                                                      → sleeping
//   eat, food, meal, feed                                           → eating
//   transport, carry, deliver, haul                                 → transporting
//   work, craft, mine, mining, lumber, cut, harvest, gather, plant,
//   seed, water, farm, kindling, cool, generat, medicine, produce,
//   build, repair, handiwork                                        → working
//   move, walk, run, wander, patrol, follow, fly, swim, jump,
//   return, travel                                                  → moving
//   idle, none, wait, stand, rest, relax (or empty)                 → idle
//   anything else                                                   → unknown
//
// Which field: `AI_Action` is the more specific one for pals (e.g. `TransportItem` while
// `Action` says `Idle`), so it is used unless it is empty or `None`; then `Action`.
// `IsActive` = "false" (an actor the game has parked, e.g. outside the loaded area) →
// `inactive`, whatever the last action was: a parked pal is not doing anything. Words naming
// the actor rather than the deed (`Worker`, `AI`, `Pal`, ...) are ignored. No action fields at
// all → unknown; only `None` → idle.
import type { Activity } from '../contract/vocabulary.js';

const TABLE: ReadonlyArray<readonly [Activity, readonly string[]]> = [
  ['incapacitated', ['dying', 'dead', 'die', 'faint', 'stun', 'knock', 'incapacit']],
  ['combat', ['attack', 'battle', 'combat', 'fight', 'aggro', 'skill']],
  ['sleeping', ['sleep', 'bed']],
  ['eating', ['eat', 'food', 'meal', 'feed']],
  ['transporting', ['transport', 'carry', 'deliver', 'haul']],
  [
    'working',
    [
      'work',
      'craft',
      'mine',
      'mining',
      'lumber',
      'cut',
      'harvest',
      'gather',
      'plant',
      'seed',
      'water',
      'farm',
      'kindling',
      'cool',
      'generat',
      'medicine',
      'produce',
      'build',
      'repair',
      'handiwork',
    ],
  ],
  ['moving', ['move', 'walk', 'run', 'wander', 'patrol', 'follow', 'fly', 'swim', 'jump', 'return', 'travel']],
  ['idle', ['idle', 'none', 'wait', 'stand', 'rest', 'relax']],
];

/** `AI_WorkerTransportItem` → ['ai', 'worker', 'transport', 'item']. */
export function actionWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !ROLE_WORDS.has(w));
}

/** Words naming the actor or the field rather than what it does (`WorkerIdle` is idle). */
const ROLE_WORDS = new Set(['ai', 'action', 'worker', 'pal', 'base', 'camp', 'state', 'bp', 'c']);

/** Maps one action name; '' → null (no information). */
export function activityOfName(name: string): Activity | null {
  const words = actionWords(name);
  if (words.length === 0) return null;
  for (const [activity, keywords] of TABLE) {
    if (words.some((w) => keywords.some((k) => w.startsWith(k)))) return activity;
  }
  return 'unknown';
}

/**
 * `aiAction` and `action` as sent (already bounded strings, '' when absent);
 * `inactive` true when `IsActive` was explicitly false.
 */
export function mapActivity(action: string, aiAction: string, inactive: boolean): Activity {
  if (inactive) return 'inactive';
  const ai = activityOfName(aiAction);
  if (ai !== null && !(ai === 'idle' && /^none$/i.test(aiAction.trim()))) return ai;
  const main = activityOfName(action);
  if (main !== null) return main;
  // Neither field said anything usable: `None` alone means idle, nothing at all is unknown.
  return ai ?? 'unknown';
}
