// One TCP connection speaking Source RCON. It frames bytes into packets and hands them to at
// most one listener at a time (the command in flight); packets arriving with nobody listening
// are late parts of an earlier reply and are dropped. Any socket error ends the connection.
import { createConnection, type Socket } from 'node:net';
import { RconConnectionError, RconTimeoutError } from './errors.js';
import { RconFrameReader, type RconPacket } from './rcon-packet.js';

export interface ConnectionListener {
  packet(p: RconPacket): void;
  /** Called after each chunk of bytes, once its complete packets were delivered. */
  data(): void;
  closed(err: Error): void;
}

export class RconConnection {
  private listener: ConnectionListener | null = null;
  private deadError: Error | null = null;
  private readonly reader: RconFrameReader;

  private constructor(
    private readonly socket: Socket,
    maxPacket: number,
  ) {
    this.reader = new RconFrameReader(maxPacket);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => this.die(new RconConnectionError(`The RCON connection failed (${codeOf(err)}).`)));
    socket.on('close', () => this.die(new RconConnectionError('The game server closed the RCON connection.')));
  }

  static open(host: string, port: number, timeoutMs: number, maxPacket: number): Promise<RconConnection> {
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host, port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new RconTimeoutError());
      }, timeoutMs);
      const onError = (err: Error): void => {
        clearTimeout(timer);
        socket.destroy();
        reject(new RconConnectionError(`Could not connect to RCON (${codeOf(err)}).`));
      };
      socket.once('error', onError);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', onError);
        resolve(new RconConnection(socket, maxPacket));
      });
    });
  }

  get alive(): boolean {
    return this.deadError === null && !this.socket.destroyed;
  }

  get pendingBytes(): number {
    return this.reader.pendingBytes;
  }

  partialBody(): Buffer {
    return this.reader.partialBody();
  }

  /** Installs the listener of the command in flight; returns its removal. */
  listen(l: ConnectionListener): () => void {
    this.listener = l;
    if (this.deadError) {
      const err = this.deadError;
      queueMicrotask(() => l.closed(err));
    }
    return () => {
      if (this.listener === l) this.listener = null;
    };
  }

  write(bytes: Buffer): void {
    if (this.alive) this.socket.write(bytes);
  }

  destroy(): void {
    this.die(new RconConnectionError('The RCON connection was closed.'));
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    let packets: RconPacket[];
    try {
      packets = this.reader.push(chunk);
    } catch (err) {
      this.die(err as Error);
      this.socket.destroy();
      return;
    }
    for (const p of packets) this.listener?.packet(p);
    this.listener?.data();
  }

  private die(err: Error): void {
    if (this.deadError) return;
    this.deadError = err;
    this.listener?.closed(err);
  }
}

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'error';
}
