// The command palette's matching (web/src/ui/fuzzy.ts): letters in order, word starts first.
import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyScore } from '../src/ui/fuzzy';

const labels = ['Dashboard', 'Players', 'Moderation', 'Backups', 'Back up now', 'Ban Pablo…', 'Kick Pablo…', 'Pablo', 'Configuration'];

describe('the palette’s fuzzy matching', () => {
  it('finds by letters in order, case and accents ignored, and refuses what is not there in order', () => {
    expect(fuzzyScore('plrs', 'Players')).not.toBeNull();
    expect(fuzzyScore('PLAY', 'players')).not.toBeNull();
    expect(fuzzyScore('jose', 'José')).not.toBeNull();
    expect(fuzzyScore('srlp', 'Players')).toBeNull();
    expect(fuzzyScore('x', 'Players')).toBeNull();
    expect(fuzzyScore('', 'anything')).toBe(0);
  });

  it('puts a match at the start before one at a word start, before one inside a word, before a scattered one', () => {
    // At the start, the shortest first: the label closest to what was typed.
    expect(fuzzyFilter('ba', labels, (l) => l).slice(0, 3)).toEqual(['Backups', 'Ban Pablo…', 'Back up now']);
    expect(fuzzyFilter('pablo', labels, (l) => l)).toEqual(['Pablo', 'Ban Pablo…', 'Kick Pablo…']);
    expect(fuzzyFilter('bkps', labels, (l) => l)).toEqual(['Backups']);
    // Letters that start words count more: "bkup" finds "Back up now" before "Backups".
    expect(fuzzyFilter('bkup', labels, (l) => l)[0]).toBe('Back up now');
    expect(fuzzyFilter('cfg', labels, (l) => l)).toEqual(['Configuration']);
  });

  it('keeps the given order among equals, and everything for an empty query', () => {
    expect(fuzzyFilter('', labels, (l) => l)).toEqual(labels);
  });
});
