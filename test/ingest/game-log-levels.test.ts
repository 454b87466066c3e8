// The level of a game log line where its writer states one (issue 40): Unreal's verbosity in
// PalServer.log, PalDefender's brackets, logfmt and JSON keys, an upper-case word near the start;
// none where the line states none (a message that says "error" later is not an error line).
import { describe, expect, it } from 'vitest';
import { keptText, levelOf, masker, MAX_LINE_CHARS } from '../../src/ingest/game-log/log-line.js';

describe('a game log line', () => {
  it.each([
    ['[2026.11.28-04.00.00:000][  0]LogNet: Warning: connection timed out', 'warning'],
    ['[2026.11.28-04.00.00:000][  0]LogCore: Error: appError called: Fatal error', 'error'],
    ['[2026.11.28-04.00.00:000][  0]LogCore: Fatal: out of memory', 'error'],
    ['[2026.11.28-04.00.00:000][  0]LogInit: Display: Running engine for game: Pal', 'info'],
    ['[2026.11.28-04.00.00:000][  0]LogPal: Server tick: 3 players online', 'info'],
    ['LogStreaming: Verbose: async loading', 'debug'],
    ['[12:00:00][info] PalDefender: Lyra joined', 'info'],
    ['[12:00:00][warning] PalDefender: unknown item', 'warning'],
    ['[12:00:00][ERROR] PalDefender: REST port in use', 'error'],
    ['[12:00:00][trace] PalDefender: packet', 'debug'],
    ['time=2026-11-28T04:00:00Z level=warn msg="slow save"', 'warning'],
    ['{"level":"error","msg":"boom"}', 'error'],
    ['2026-11-28 04:00:01 ERROR backup failed', 'error'],
    ['> INFO: Server started (palworld-server-docker)', 'info'],
    ['Setting breakpad minidump AppID = 2394010', null],
    ['Shutdown handler: initialize.', null],
    ['A player said: there was an ERROR in the castle somewhere far along in this line of chat', null],
  ])('%s → %s', (line, level) => {
    expect(levelOf(line)).toBe(level);
  });

  it('is kept as one line of text: colours dropped, controls escaped, cut at its bound after masking', () => {
    const mask = masker([]);
    expect(keptText('\u001b[31mred\u001b[0m and\u0000null\r', mask)).toBe('red and\\u{0}null');
    expect(keptText('a\u2028b\u202eevil', mask)).toBe('a\\u{2028}b\\u{202e}evil');
    const long = `token=${'s'.repeat(3000)}`;
    expect(keptText(long, mask)).toBe('token=****');
    const plain = 'x'.repeat(MAX_LINE_CHARS + 50);
    expect(keptText(plain, mask)).toBe(`${'x'.repeat(MAX_LINE_CHARS)}…`);
  });
});
