// Source RCON client tolerant of Palworld's quirks (game-interfaces.md §1.2):
// - reply ids are always 0, so replies are matched by order, never by id: commands run one at
//   a time through a queue;
// - the empty-packet sentinel trick cannot work with id 0 replies, so a reply is complete when
//   a packet shorter than the split size arrived and no bytes are pending; a long packet (a
//   server splitting at ~4 KiB) waits a short quiet period for continuation packets;
// - a length header larger than the payload (truncated reply) → after the quiet period the
//   bytes that arrived are returned with `truncated: true`, and the connection is dropped,
//   because the stream can no longer be framed;
// - non-ASCII text is UTF-8 both ways; a character cut by truncation is dropped;
// - a dropped connection fails the command in flight with RconConnectionError; the next
//   command reconnects and authenticates again.
import { InvalidGameCommandError, RconAuthError, RconConnectionError, RconTimeoutError } from './errors.js';
import { RconConnection } from './rcon-connection.js';
import { commandLineProblem, MAX_COMMAND_BYTES } from '../contract/console-danger.js';
import {
  decodeUtf8Tail,
  encodePacket,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
} from './rcon-packet.js';

export interface RconClientOptions {
  host: string;
  port: number;
  password: string;
  /** Deadline for connect, auth, and each command's reply. Default 5 s. */
  timeoutMs?: number;
  /** Silence that ends a truncated or multi-packet reply. Default 150 ms. */
  quietMs?: number;
  /** Cap on one reply (all packets). Default 1 MiB. */
  maxReplyBytes?: number;
}

export interface RconReply {
  text: string;
  /** The game announced more bytes than it sent; `text` is what arrived. */
  truncated: boolean;
}

/** Source servers split bodies at 4096 bytes; a body this long may have a continuation. */
const SPLIT_AT = 4000;

/** `host:port` (SERVICE_RCON_ADDR) → parts; IPv6 as `[::1]:25575`. */
export function parseRconAddr(addr: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(addr.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port < 1 || port > 65_535) throw new InvalidGameCommandError('The RCON address must be host:port.');
  return { host: m[1] ?? m[2], port };
}

export class RconClient {
  private conn: RconConnection | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly quietMs: number;
  private readonly maxReplyBytes: number;

  constructor(private readonly opts: RconClientOptions) {
    this.timeoutMs = opts.timeoutMs ?? 5_000;
    this.quietMs = opts.quietMs ?? 150;
    this.maxReplyBytes = opts.maxReplyBytes ?? 1024 * 1024;
  }

  /** Runs one command after those queued before it. */
  exec(command: string): Promise<RconReply> {
    const run = (): Promise<RconReply> => this.run(command);
    const p = this.tail.then(run, run);
    this.tail = p.catch(() => undefined);
    return p;
  }

  /** Logs in (after the commands queued before it) without running a command, or finds the
   * session open: whether RCON answers and takes the password, with nothing sent to the game's
   * console (the diagnostics screen's check). Fails as a command would. */
  check(): Promise<void> {
    const run = async (): Promise<void> => {
      if (this.closed) throw new RconConnectionError('The RCON client is closed.');
      await this.connection();
    };
    const p = this.tail.then(run, run);
    this.tail = p.catch(() => undefined);
    return p;
  }

  /** Immediate; a promise like the other clients' close(), for the shutdown sequence. */
  close(): Promise<void> {
    this.closed = true;
    this.conn?.destroy();
    this.conn = null;
    return Promise.resolve();
  }

  private async run(command: string): Promise<RconReply> {
    // The one rule saved commands and tasks are checked with when they are made (contract/console-danger.ts).
    const body = Buffer.from(typeof command === 'string' ? command.trim() : '', 'utf8');
    if (commandLineProblem(String(command)) !== null || body.length > MAX_COMMAND_BYTES) {
      throw new InvalidGameCommandError('The RCON command is empty, too long, or spans several lines.');
    }
    if (this.closed) throw new RconConnectionError('The RCON client is closed.');
    const conn = await this.connection();
    try {
      conn.write(encodePacket(this.id(), SERVERDATA_EXECCOMMAND, body));
      const reply = await this.collect(conn);
      if (reply.truncated) this.drop(conn);
      return reply;
    } catch (err) {
      this.drop(conn);
      throw err;
    }
  }

  private async connection(): Promise<RconConnection> {
    if (this.conn?.alive) return this.conn;
    this.conn = null;
    const conn = await RconConnection.open(this.opts.host, this.opts.port, this.timeoutMs, this.maxReplyBytes + 14);
    try {
      await this.authenticate(conn);
    } catch (err) {
      conn.destroy();
      throw err;
    }
    this.conn = conn;
    return conn;
  }

  private drop(conn: RconConnection): void {
    conn.destroy();
    if (this.conn === conn) this.conn = null;
  }

  private id(): number {
    this.nextId = this.nextId >= 0x7fffffff ? 1 : this.nextId + 1;
    return this.nextId;
  }

  /** Auth answer: an AUTH_RESPONSE packet, id -1 on a wrong password; other packets ignored. */
  private authenticate(conn: RconConnection): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(new RconTimeoutError()), this.timeoutMs);
      const stop = conn.listen({
        packet: (p) => {
          if (p.type === SERVERDATA_AUTH_RESPONSE) settle(p.id === -1 ? new RconAuthError() : null);
        },
        data: () => undefined,
        closed: () => settle(new RconConnectionError('The game server closed the RCON connection during login.')),
      });
      const settle = (err: Error | null): void => {
        clearTimeout(timer);
        stop();
        if (err) reject(err);
        else resolve();
      };
      conn.write(encodePacket(this.id(), SERVERDATA_AUTH, this.opts.password));
    });
  }

  private collect(conn: RconConnection): Promise<RconReply> {
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      let size = 0;
      let lastLength = 0;
      let quiet: NodeJS.Timeout | null = null;
      let done = false;
      const overall = setTimeout(() => {
        if (size > 0 || conn.pendingBytes > 0) finish(true);
        else fail(new RconTimeoutError());
      }, this.timeoutMs);
      const stop = conn.listen({
        packet: (p) => {
          if (p.type !== SERVERDATA_RESPONSE_VALUE || done) return;
          parts.push(p.body);
          size += p.body.length;
          lastLength = p.body.length;
          if (size > this.maxReplyBytes) finish(true);
        },
        data: () => {
          if (done) return;
          if (parts.length > 0 && conn.pendingBytes === 0 && lastLength < SPLIT_AT) finish(false);
          else armQuiet();
        },
        closed: (err) => {
          if (size > 0 || conn.partialBody().length > 0) finish(true);
          else fail(err);
        },
      });
      const armQuiet = (): void => {
        if (quiet) clearTimeout(quiet);
        quiet = setTimeout(() => finish(conn.pendingBytes > 0), this.quietMs);
      };
      const cleanup = (): void => {
        done = true;
        clearTimeout(overall);
        if (quiet) clearTimeout(quiet);
        stop();
      };
      const finish = (truncated: boolean): void => {
        if (done) return;
        if (truncated) parts.push(conn.partialBody());
        cleanup();
        const bytes = Buffer.concat(parts);
        const capped = bytes.length > this.maxReplyBytes ? bytes.subarray(0, this.maxReplyBytes) : bytes;
        resolve({ text: decodeUtf8Tail(capped), truncated: truncated || capped.length < bytes.length });
      };
      const fail = (err: Error): void => {
        if (done) return;
        cleanup();
        reject(err);
      };
    });
  }
}
