// `palpanel parse`'s summary of the items (the command's own text, made in process from a real
// parse job over the real 1.0 world): how many items in how many slots and containers, whose, and
// the most held; a parse that left items out says so.
import { describe, expect, it } from 'vitest';
import { summary } from '../../src/cli/parse.js';
import { runParseJob } from '../../src/ingest/parse-job.js';
import { FIXTURES } from '../save/fixtures.js';

describe('parse summary: items', () => {
  it('the 1.0 world: totals, owners and the most held', async () => {
    const out = await runParseJob({ target: `${FIXTURES}v1.0-relics` });
    const text = summary(out, 1);
    expect(text).toMatch(/^items {6}5503905 in 12182 slots of 4873 containers \(54 players', 286 bases', 10 guilds', 4523 unassigned\)$/m);
    expect(text).toMatch(/^most held {2}5285432 Gold Coin, 46842 Wood, /m);
  });

  it('a parse without items says they were not read', async () => {
    const out = await runParseJob({ target: `${FIXTURES}v0.6-world2`, items: false });
    expect(summary(out, 1)).toMatch(/^items {6}not read$/m);
    expect(out.result.items).toBeUndefined();
  });
});
