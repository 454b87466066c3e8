// Why a console command asks first (contract/console-danger.ts, which says it in English for the
// server's 409 too), in the UI's language: each of its sentences has a message here; a sentence
// this build does not know is shown as it came.
import type { IntlShape } from 'react-intl';

const SENTENCES: [RegExp, string][] = [
  [/^DoExit stops the game server at once/, 'console.danger.doExit'],
  [/^Shutdown stops the game server/, 'console.danger.shutdown'],
  [/^(\S+) stops or restarts the game server\.$/, 'console.danger.stops'],
  [/^(\S+) with that argument acts on every player\.$/, 'console.danger.everyoneArgument'],
  [/^(\S+) acts on every player\.$/, 'console.danger.everyone'],
  [/^(\S+) deletes something that cannot be brought back\.$/, 'console.danger.deletes'],
];

export function dangerWords(intl: IntlShape, why: string): string {
  for (const [re, id] of SENTENCES) {
    const m = re.exec(why);
    if (m) return intl.formatMessage({ id }, { command: m[1] ?? '' });
  }
  return why;
}
