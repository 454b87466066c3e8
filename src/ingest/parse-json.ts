// `palpanel parse --json`: the rows /players, /pals (with owner fields) and /guilds would serve
// for one save, computed as a fresh panel would (interface.md, Decisions): nobody online, no
// playtime, first and last seen = the save's LastOnlineDateTime when present, else the parse.
// The text is written in pieces as the pal rows stream out of the parse, so that no array of all
// the rows (nor one string of them all) is ever made: JSON.stringify of the whole object, exactly.
import { guildRow, palWithOwnerRow, playerRow } from '../views/world-rows.js';
import type { ParseWarning, WorldGuild, WorldPal, WorldPlayer } from '../domain/world.js';
import { byKey } from '../lib/order.js';
import type { WorldItems } from '../domain/world-items.js';
import { containerRow, ownerNamesOf } from '../views/item-rows.js';
import { defaultNameTable } from '../save/index.js';

/** What the text is made of: a parse with its pal rows in instance-id order. */
export interface ParseJsonInput {
  players: readonly WorldPlayer[];
  guilds: readonly WorldGuild[];
  /** In instance-id order (a parse's pal stream is); iterated once. */
  pals: Iterable<WorldPal>;
  /** Absent when the parse left the items unread: then so is the text's `items`. */
  items?: WorldItems;
  formatDrift: boolean;
  warnings: ParseWarning[];
}

/** Writes `{"players":[…],"pals":[…],"guilds":[…],"items":[…],"formatDrift":…,"warnings":[…]}` and
 * a newline, one pal row per piece; `items` is every container as the panel serves it (English
 * names), with its owner `{kind, id, name}` and slots. */
export function writeParseJson(world: ParseJsonInput, parsedAt: Date, write: (piece: string) => void): void {
  const at = parsedAt.toISOString();
  const players = [...world.players].sort(byKey((p) => p.uid)).map((p) => playerRow(p, false, undefined, at));
  write(`{"players":${JSON.stringify(players)},"pals":[`);
  let sep = '';
  for (const p of world.pals) {
    write(sep + JSON.stringify(palWithOwnerRow(p)));
    sep = ',';
  }
  const guilds = [...world.guilds].sort(byKey((g) => g.id)).map(guildRow);
  write(`],"guilds":${JSON.stringify(guilds)}`);
  if (world.items) {
    const names = ownerNamesOf(world.players, world.guilds);
    const pals = defaultNameTable();
    write(`,"items":[`);
    world.items.containers.forEach((c, i) =>
      write((i > 0 ? ',' : '') + JSON.stringify(containerRow(c, 'en', names, (id) => pals.palName(id)))),
    );
    write(']');
  }
  write(`,"formatDrift":${JSON.stringify(world.formatDrift)},"warnings":${JSON.stringify(world.warnings)}}\n`);
}

/** UTF-8 chunks of about `chunkBytes` (1 MiB), each holding whole pieces (so each decodes on
 * its own) and each its own ArrayBuffer (so they can be transferred). */
export class ChunkWriter {
  readonly chunks: Uint8Array[] = [];
  bytes = 0;
  private chunk = Buffer.allocUnsafeSlow(0);
  private used = 0;

  constructor(private readonly chunkBytes = 1 << 20) {}

  write = (piece: string): void => {
    const worst = piece.length * 3;
    if (this.used + worst > this.chunk.length) {
      this.seal();
      this.chunk = Buffer.allocUnsafeSlow(Math.max(this.chunkBytes, worst));
    }
    const n = this.chunk.write(piece, this.used);
    this.used += n;
    this.bytes += n;
  };

  /** The chunks written, the last one cut to its length. */
  finish(): Uint8Array[] {
    this.seal();
    return this.chunks;
  }

  private seal(): void {
    if (this.used > 0) this.chunks.push(new Uint8Array(this.chunk.buffer, this.chunk.byteOffset, this.used));
    this.chunk = Buffer.allocUnsafeSlow(0);
    this.used = 0;
  }
}
