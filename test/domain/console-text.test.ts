// Masking of console exchanges and the filling of saved commands' placeholders, case by case:
// the paths through the console and the scheduler are tested in test/actions/console.test.ts;
// here each rule of domain/console-text.ts meets the input that would slip past it.
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, MASK, maskCommand, maskExchange } from '../../src/domain/console-text.js';

describe('maskExchange: a secret named in the command is masked wherever the game echoes it', () => {
  it.each([
    ['a double-quoted value', 'token="abcdef"', 'abcdef'],
    ['a single-quoted value', "token='abcdef'", 'abcdef'],
    ['a value with a quote inside, not around it', 'token=x"abcd"', 'x"abcd"'],
    ['a value that starts with a quoted part', "token='ab'cdef", "'ab'cdef"],
    ['a value whose first and last characters are the same', 'token=abcdea', 'abcdea'],
  ])('%s', (_what, command, echoed) => {
    const shown = maskExchange(`set ${command}`, `accepted ${echoed} now`);
    expect(shown.command).toBe(`set token=${MASK}`);
    expect(shown.reply).toBe(`accepted ${MASK} now`);
  });

  it('after a secret verb, the whole rest without surrounding blanks is the secret', () => {
    const shown = maskExchange('AdminPassword  secret99  ', 'password set to secret99.');
    expect(shown.command).toBe(`AdminPassword  ${MASK}`);
    expect(shown.reply).toBe(`password set to ${MASK}.`);
  });

  it('a reply\'s first word is not a secret verb: "Password is wrong" names none', () => {
    expect(maskExchange('AdminPassword guess1', 'Password is wrong').reply).toBe('Password is wrong');
  });

  it('known secrets: four characters are masked, shorter ones would blot out ordinary text and are not', () => {
    expect(maskExchange('say hi', 'the word is abcd', ['abcd']).reply).toBe(`the word is ${MASK}`);
    expect(maskExchange('say about', 'about', ['ab']).reply).toBe('about');
  });

  it('the longest secret is masked first, so no tail of it is left showing', () => {
    expect(maskExchange('say x', 'abcdefgh', ['abcd', 'abcdefgh']).reply).toBe(MASK);
    expect(maskExchange('say x', 'abcdefgh', ['abcdefgh', 'abcd']).reply).toBe(MASK);
  });

  it('unset secrets (null, undefined, empty) are ignored, not matched', () => {
    expect(maskExchange('say hello', 'hello', [null, undefined, '']).reply).toBe('hello');
    expect(maskExchange('say hello', 'hello')).toEqual({ command: 'say hello', reply: 'hello' });
  });
});

describe('maskCommand', () => {
  it('masks as maskExchange does, and leaves a command without a secret as it is', () => {
    expect(maskCommand('set RCONPassword=hunter22 and hunter22')).toBe(`set RCONPassword=${MASK} and ${MASK}`);
    expect(maskCommand('Broadcast Stryker was here')).toBe('Broadcast Stryker was here');
    expect(maskCommand('Broadcast the pass is wxyz', ['wxyz'])).toBe(`Broadcast the pass is ${MASK}`);
  });
});

describe('fillPlaceholders', () => {
  it('an empty or missing value leaves the placeholder and names it', () => {
    expect(fillPlaceholders('KickPlayer {userId} {name}', { userId: '', name: undefined })).toEqual({
      command: 'KickPlayer {userId} {name}',
      missing: ['{userId}', '{name}'],
    });
  });

  it('a value cannot add arguments: each run of blanks becomes one underscore', () => {
    expect(fillPlaceholders('KickPlayer {name}', { name: 'a  b\t\0c' })).toEqual({ command: 'KickPlayer a_b_c', missing: [] });
  });
});
