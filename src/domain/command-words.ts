// A command line a host writes in a setting (SERVICE_BACKUP_COPY_COMMAND), split into the argv
// palpanel runs without a shell. The rule is deliberately small, so what runs is what was
// written: words are separated by spaces; a word with spaces is wrapped in "double" or 'single'
// quotes (no escapes inside). Anything a reader would expect a shell to act on ($VAR, `...`,
// pipes, ;, &, redirections) is refused instead of passed on literally: that belongs in a script.

export class CommandWordsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandWordsError';
  }
}

const SHELL_ONLY = /[|;&<>]/;
const EXPANDS = /[$`]/;

/** The words of `text`; throws CommandWordsError saying what is wrong. */
export function commandWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      else {
        if (quote === '"' && EXPANDS.test(ch))
          throw new CommandWordsError(`"${ch}" is not expanded (no shell runs the command); use a script`);
        word = (word ?? '') + ch;
      }
      continue;
    }
    if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (EXPANDS.test(ch) || SHELL_ONLY.test(ch)) {
      throw new CommandWordsError(`"${ch}" means something only to a shell, and no shell runs the command; use a script`);
    } else word = (word ?? '') + ch;
  }
  if (quote) throw new CommandWordsError(`a ${quote} quote is not closed`);
  if (word !== null) words.push(word);
  if (words.length === 0 || words[0] === '') throw new CommandWordsError('no command is named');
  return words;
}
