// The simulated RCON endpoint (Source protocol, game-interfaces.md §1.2). Like the real game
// it answers every command with packet id 0. Output formats of `Info`, `ShowPlayers` and
// `Save` are the documented ones; answers of the moderation commands are stand-ins. The
// framing here is written independently of src/game so the client is not tested against its
// own mirror image.
import { createServer, type Socket } from 'node:net';
import { Listener } from './listener.js';
import type { SimWorld } from './sim-world.js';
import type { SimRconFault } from './types.js';

const AUTH = 3;
const AUTH_RESPONSE = 2;
const EXEC = 2;
const RESPONSE = 0;
/** Source servers split long bodies into packets of at most this many bytes. */
const SPLIT = 4096;

function packet(id: number, type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeInt32LE(body.length + 10, 0);
  head.writeInt32LE(id, 4);
  head.writeInt32LE(type, 8);
  return Buffer.concat([head, body, Buffer.from([0, 0])]);
}

export class SimRcon {
  readonly listener: Listener;

  constructor(
    private readonly world: SimWorld,
    private readonly password: string,
    private readonly fault: () => SimRconFault,
    /** PalDefender's commands answered (getrconcmds, giveitems). */
    private readonly palDefender = false,
  ) {
    this.listener = new Listener(createServer((s) => this.session(s)));
  }

  private session(socket: Socket): void {
    let buf = Buffer.alloc(0);
    let authed = false;
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 4) {
        const size = buf.readInt32LE(0);
        if (size < 10 || size > 8192) return void socket.destroy();
        if (buf.length < 4 + size) return;
        const id = buf.readInt32LE(4);
        const type = buf.readInt32LE(8);
        const body = buf.subarray(12, 4 + size - 2).toString('utf8');
        buf = buf.subarray(4 + size);
        if (type === AUTH) {
          authed = body === this.password;
          if (authed) socket.write(packet(id, RESPONSE, Buffer.alloc(0)));
          socket.write(packet(authed ? id : -1, AUTH_RESPONSE, Buffer.alloc(0)));
        } else if (type === EXEC && authed) {
          this.exec(socket, body);
        } else {
          return void socket.destroy();
        }
      }
    });
  }

  private exec(socket: Socket, command: string): void {
    const fault = this.fault();
    if (fault === 'drop') return void socket.destroy();
    if (fault === 'silent') return;
    const reply = Buffer.from(this.answer(command), 'utf8');
    if (fault === 'truncate') {
      // Announces the whole reply and more, sends half of it (possibly mid-character), then
      // hangs with the connection open, as Palworld does with long or non-ASCII replies.
      const full = packet(0, RESPONSE, reply);
      full.writeInt32LE(reply.length + 10 + 64, 0);
      socket.write(full.subarray(0, 12 + Math.max(1, Math.floor(reply.length / 2))));
      return;
    }
    if (reply.length === 0) return void socket.write(packet(0, RESPONSE, reply));
    for (let off = 0; off < reply.length; off += SPLIT) {
      socket.write(packet(0, RESPONSE, reply.subarray(off, off + SPLIT)));
    }
  }

  private answer(command: string): string {
    const w = this.world;
    const [head = '', ...rest] = command.trim().split(/\s+/);
    const arg = rest.join(' ');
    switch (head.toLowerCase()) {
      case 'info':
        return `Welcome to Pal Server[${w.version}] ${w.serverName}`;
      case 'showplayers': {
        let out = 'name,playeruid,steamid\n';
        for (const p of w.online()) {
          out += `${p.name},${parseInt(p.playerId.slice(0, 8), 16)},${p.userId.replace(/^steam_/, '')}\n`;
        }
        return out;
      }
      case 'save':
        w.record({ via: 'rcon', action: 'save', args: {} });
        return 'Complete Save';
      case 'broadcast':
        w.record({ via: 'rcon', action: 'announce', args: { message: arg } });
        return `Broadcasted: ${arg}`;
      case 'kickplayer':
      case 'banplayer':
      case 'unbanplayer': {
        const kind = head.toLowerCase() === 'kickplayer' ? 'kick' : head.toLowerCase() === 'banplayer' ? 'ban' : 'unban';
        const id = /^\d+$/.test(arg) ? `steam_${arg}` : arg;
        if (!w.moderate(kind, id)) return `Failed to ${kind}: ${arg}`;
        w.record({ via: 'rcon', action: kind, args: { userid: id } });
        return `${kind === 'kick' ? 'Kicked' : kind === 'ban' ? 'Banned' : 'Unbanned'}: ${arg}`;
      }
      case 'shutdown': {
        const seconds = Number(rest[0] ?? 0) || 0;
        w.record({ via: 'rcon', action: 'shutdown', args: { waittime: seconds, message: rest.slice(1).join(' ') } });
        return `The server will shut down in ${seconds} seconds.`;
      }
      case 'getrconcmds':
        if (!this.palDefender) return `Unknown command: ${head}`;
        return 'give 2\ngiveitems 2\ngivepal 2\nkick 1\nban 1\n';
      case 'giveitems': {
        if (!this.palDefender) return `Unknown command: ${head}`;
        const [userId = '', ...items] = rest;
        if (!w.online().some((p) => p.userId === userId)) return `Player ${userId} is not online.`;
        const granted = items.map((it) => {
          const [itemId, count = '1'] = it.split(':');
          return { itemId, count: Number(count) };
        });
        w.record({
          via: 'rcon',
          action: 'giveitems',
          args: { userid: userId, items: granted.map((g) => `${g.itemId}:${g.count}`).join(' ') },
        });
        return `Gave ${granted.map((g) => `${g.count} ${g.itemId}`).join(', ')} to ${userId}.`;
      }
      case 'doexit':
        w.record({ via: 'rcon', action: 'stop', args: {} });
        return 'Shutdown server.';
      default:
        return `Unknown command: ${head}`;
    }
  }
}
