// The game config file's reader and writer rule by rule (game-config/config-file.ts): which
// kind of file it is, where each value starts and ends, how a new value is spelled, and what the
// raw view masks. The editor's paths over real files are in test/actions/config-*.test.ts; here
// each rule meets the input that would slip past it (Stryker found these rules untested).
import { describe, expect, it } from 'vitest';
import { applyChanges, ConfigFileError, maskSecrets, parseConfig } from '../../src/game-config/config-file.js';

const HEAD = '[/Script/Pal.PalGameWorldSettings]\n';
const ini = (settings: string) => parseConfig(`${HEAD}OptionSettings=(${settings})\n`);
const names = (text: string) => parseConfig(text).entries.map((e) => e.name);
const raws = (text: string) => Object.fromEntries(parseConfig(text).entries.map((e) => [e.name, e.raw]));
const change = (text: string, changes: Record<string, unknown>) => applyChanges(parseConfig(text), changes).text;

describe('which kind of file', () => {
  it('an OptionSettings line makes an ini, with or without the section header', () => {
    expect(parseConfig('OptionSettings=(ExpRate=1.000000)\n').format).toBe('ini');
    expect(parseConfig('  OptionSettings=(ExpRate=1.000000)\n').format).toBe('ini');
  });

  it('an env line whose value mentions OptionSettings=( is still an env file', () => {
    const p = parseConfig('NOTE=OptionSettings=(x)\nSERVER_NAME=a\n');
    expect(p.format).toBe('env');
    expect(p.entries.map((e) => e.name)).toEqual(['NOTE', 'SERVER_NAME']);
  });

  it('an env file whose comment quotes the ini section header is still an env file', () => {
    const p = parseConfig('# copied from [/Script/Pal.PalGameWorldSettings]\nSERVER_NAME=a\n');
    expect(p.format).toBe('env');
    expect(p.entries.map((e) => e.name)).toEqual(['SERVER_NAME']);
  });

  it('an OptionSettings line commented out above the real one is not the one read', () => {
    expect(raws(`${HEAD};OptionSettings=(ExpRate=9.000000)\nOptionSettings=(ExpRate=1.000000)\n`)).toEqual({ ExpRate: '1.000000' });
  });

  it('an ini header without its OptionSettings line, or a line that never closes, is refused in words', () => {
    // Unclosed at the very end of the file, with no newline after it.
    expect(() => parseConfig(`${HEAD}OptionSettings=(ExpRate=1.000000`)).toThrow(/does not close/);
    expect(() => parseConfig(`${HEAD}; nothing else\n`)).toThrow(ConfigFileError);
    expect(() => parseConfig(`${HEAD}; nothing else\n`)).toThrow(/no OptionSettings=\(\.\.\.\) line/);
    expect(() => parseConfig(`${HEAD}OptionSettings=(ExpRate=1.000000\n`)).toThrow(/does not close/);
    // The line ends at its newline: a parenthesis on the next line does not close it.
    expect(() => parseConfig(`${HEAD}OptionSettings=(ExpRate=1.000000\n)\n`)).toThrow(/does not close/);
  });
});

describe('the ini line', () => {
  it('splits at top-level commas only: quoted commas and parentheses, and lists, stay in their value', () => {
    const text = `${HEAD}OptionSettings=(ServerName="a,b) c", CrossplayPlatforms=(Steam,Xbox),ExpRate=2.000000)\n`;
    expect(names(text)).toEqual(['ServerName', 'CrossplayPlatforms', 'ExpRate']);
    expect(raws(text)).toEqual({ ServerName: '"a,b) c"', CrossplayPlatforms: '(Steam,Xbox)', ExpRate: '2.000000' });
  });

  it('an item without "=" is no setting, and does not swallow the next one', () => {
    expect(names(`${HEAD}OptionSettings=(ExpRate=1.000000,Junk,bIsPvP=False)\n`)).toEqual(['ExpRate', 'bIsPvP']);
    // Last, with no "=" anywhere after it.
    expect(names(`${HEAD}OptionSettings=(ExpRate=1.000000,Junk)\n`)).toEqual(['ExpRate']);
  });
});

describe('the env file', () => {
  it('reads KEY=value lines (also after export and blanks), not commented ones; a CR ends a value', () => {
    const text = 'export  SERVER_NAME=a\r\n# ADMIN_PASSWORD=old\r\n  EXP_RATE=2\r\nBAD LINE\r\nX=1\ry\r\n';
    expect(raws(text)).toEqual({ SERVER_NAME: 'a', EXP_RATE: '2', X: '1' });
  });
});

describe('a new value, spelled as the file spells it', () => {
  it('a setting palpanel does not know keeps its quotes, or none', () => {
    expect(change(`${HEAD}OptionSettings=(Foo="bar",Baz=qux)\n`, { Foo: 'new', Baz: 'other' })).toBe(
      `${HEAD}OptionSettings=(Foo="new",Baz=other)\n`,
    );
    expect(change("FOO='bar'\nBAZ=qux\n", { FOO: 'new', BAZ: 'other' })).toBe("FOO='new'\nBAZ=other\n");
    // Parentheses in its old value do not make it a list.
    expect(change(`${HEAD}OptionSettings=(Foo=(a,b))\n`, { Foo: 'x' })).toBe(`${HEAD}OptionSettings=(Foo=x)\n`);
    // In an env file a blank or a # needs quotes (else the value ends there); in the ini, neither.
    expect(change('FOO=bar\nBAZ=qux\n', { FOO: 'a b', BAZ: 'a#b' })).toBe('FOO="a b"\nBAZ="a#b"\n');
    expect(change(`${HEAD}OptionSettings=(Foo=bar,DenyTechnologyList=)\n`, { Foo: 'a#b', DenyTechnologyList: 'c#d' })).toBe(
      `${HEAD}OptionSettings=(Foo=a#b,DenyTechnologyList=c#d)\n`,
    );
  });

  it('numbers: six decimals in the ini as the game writes them, plain in an env file', () => {
    expect(change(`${HEAD}OptionSettings=(ExpRate=1.000000)\n`, { ExpRate: 2 })).toBe(`${HEAD}OptionSettings=(ExpRate=2.000000)\n`);
    expect(change('EXP_RATE=1\n', { EXP_RATE: 2.5 })).toBe('EXP_RATE=2.5\n');
  });

  it('booleans: True/False in the ini, true/false in an env file', () => {
    expect(change(`${HEAD}OptionSettings=(bIsPvP=False)\n`, { bIsPvP: true })).toBe(`${HEAD}OptionSettings=(bIsPvP=True)\n`);
    expect(change('IS_PVP=false\n', { IS_PVP: true })).toBe('IS_PVP=true\n');
  });

  it('an enum is written bare', () => {
    expect(change(`${HEAD}OptionSettings=(Difficulty=None)\n`, { Difficulty: 'Hard' })).toBe(`${HEAD}OptionSettings=(Difficulty=Hard)\n`);
  });

  it('a list: parenthesised in the ini and where the env file had them, else bare', () => {
    expect(change(`${HEAD}OptionSettings=(CrossplayPlatforms=(Steam,Xbox))\n`, { CrossplayPlatforms: ['Steam', 'PS5'] })).toBe(
      `${HEAD}OptionSettings=(CrossplayPlatforms=(Steam,PS5))\n`,
    );
    expect(change('CROSSPLAY_PLATFORMS=(Steam,Xbox)\n', { CROSSPLAY_PLATFORMS: ['Steam'] })).toBe('CROSSPLAY_PLATFORMS=(Steam)\n');
    expect(change('CROSSPLAY_PLATFORMS=Steam,Xbox\n', { CROSSPLAY_PLATFORMS: ['Steam'] })).toBe('CROSSPLAY_PLATFORMS=Steam\n');
    // An ini list a host wrote bare by hand gets the parentheses the game reads it in.
    expect(change(`${HEAD}OptionSettings=(CrossplayPlatforms=Steam)\n`, { CrossplayPlatforms: ['Steam', 'Xbox'] })).toBe(
      `${HEAD}OptionSettings=(CrossplayPlatforms=(Steam,Xbox))\n`,
    );
  });

  it('text: quoted in the ini, but a text the game writes bare stays bare while it can', () => {
    expect(change(`${HEAD}OptionSettings=(ServerName="x")\n`, { ServerName: 'My server' })).toBe(
      `${HEAD}OptionSettings=(ServerName="My server")\n`,
    );
    expect(change(`${HEAD}OptionSettings=(DenyTechnologyList=)\n`, { DenyTechnologyList: 'abc' })).toBe(
      `${HEAD}OptionSettings=(DenyTechnologyList=abc)\n`,
    );
    expect(change(`${HEAD}OptionSettings=(DenyTechnologyList=)\n`, { DenyTechnologyList: 'a b' })).toBe(
      `${HEAD}OptionSettings=(DenyTechnologyList="a b")\n`,
    );
    expect(change('SERVER_NAME="x"\n', { SERVER_NAME: 'My server' })).toBe('SERVER_NAME="My server"\n');
    // An env file's bare text stays bare while it can.
    expect(change('SERVER_NAME=x\n', { SERVER_NAME: 'abc' })).toBe('SERVER_NAME=abc\n');
  });

  it('only the changed values move; the rest of the file stays byte for byte', () => {
    const text = `${HEAD}; a comment\r\nOptionSettings=(ExpRate=1.000000, bIsPvP=False,ServerName="a")\r\n`;
    const out = applyChanges(parseConfig(text), { bIsPvP: true, ExpRate: 1 });
    expect(out.text).toBe(`${HEAD}; a comment\r\nOptionSettings=(ExpRate=1.000000, bIsPvP=True,ServerName="a")\r\n`);
    expect(out.changed).toEqual(['bIsPvP']);
  });
});

describe('the raw view masks secrets', () => {
  it('a set secret becomes ****, kept in its quotes; an empty one stays empty', () => {
    expect(maskSecrets(ini('AdminPassword="hunter2",ServerPassword="",ServerName="a"'))).toBe(
      `${HEAD}OptionSettings=(AdminPassword="****",ServerPassword="",ServerName="a")\n`,
    );
    const env = "ADMIN_PASSWORD='hunter2'\nSERVER_PASSWORD=plain\nRCON_PASSWORD=\nOTHER_PASSWORD=''\nX_PASSWORD=  \nSERVER_NAME=a\n";
    expect(maskSecrets(parseConfig(env))).toBe(
      "ADMIN_PASSWORD='****'\nSERVER_PASSWORD=****\nRCON_PASSWORD=\nOTHER_PASSWORD=''\nX_PASSWORD=  \nSERVER_NAME=a\n",
    );
  });

  it('in an env file, a commented-out secret is a secret; an empty one and other settings stay', () => {
    const env = '# ADMIN_PASSWORD=old-one\n#SERVER_PASSWORD=\n# SERVER_NAME=keep\n';
    expect(maskSecrets(parseConfig(env))).toBe('# ADMIN_PASSWORD=****\n#SERVER_PASSWORD=\n# SERVER_NAME=keep\n');
  });

  it('a secret that is only blanks, or empty quotes and a blank, is shown as it is: nothing is set', () => {
    for (const [blank, set] of [
      ['ADMIN_PASSWORD=  ', 'SERVER_PASSWORD= x'],
      ['ADMIN_PASSWORD="" ', "SERVER_PASSWORD='' x"],
      ["SERVER_PASSWORD='' ", 'ADMIN_PASSWORD=x'],
    ])
      expect(maskSecrets(parseConfig(`${blank}\n${set}\n`))).toBe(`${blank}\n${set.replace(/=.*/, '=****')}\n`);
  });

  it('a commented-out secret of the other kind of file is masked too: comments do not keep to the format', () => {
    const text = `${HEAD}# ADMIN_PASSWORD=old\nOptionSettings=(ExpRate=1.000000)\n`;
    expect(maskSecrets(parseConfig(text))).toBe(`${HEAD}# ADMIN_PASSWORD=****\nOptionSettings=(ExpRate=1.000000)\n`);
    expect(maskSecrets(parseConfig('# OptionSettings=(AdminPassword="old")\nSERVER_NAME=a\n'))).toBe(
      '# OptionSettings=(AdminPassword="****")\nSERVER_NAME=a\n',
    );
  });

  it('in an ini, an OptionSettings line commented out (; or #) keeps its secrets masked too', () => {
    const text =
      `${HEAD};OptionSettings=(AdminPassword="old",ServerName="kept")\r\n` +
      `# OptionSettings=(ServerPassword=old2,ExpRate=2.000000)\n` +
      `;OptionSettings=(AdminPassword="never closed\n` +
      `OptionSettings=(AdminPassword="new",ServerPassword="")\n`;
    expect(maskSecrets(parseConfig(text))).toBe(
      `${HEAD};OptionSettings=(AdminPassword="****",ServerName="kept")\r\n` +
        `# OptionSettings=(ServerPassword=****,ExpRate=2.000000)\n` +
        `;OptionSettings=(****)\n` +
        `OptionSettings=(AdminPassword="****",ServerPassword="")\n`,
    );
  });
});
