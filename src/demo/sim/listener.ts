// A net/http server that can really go away and come back on the same port: "unreachable"
// must make clients see refused connections, not slow answers, so the listener is closed and
// every open socket destroyed; coming back re-listens on the port it had.
import type { Server } from 'node:net';
import type { Socket } from 'node:net';

export class Listener {
  private readonly sockets = new Set<Socket>();
  private port = 0;
  private listening = false;

  constructor(private readonly server: Server) {
    server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      // A client resetting mid-answer is normal in fault tests; never crash the sim over it.
      s.on('error', () => undefined);
    });
  }

  /** Listen on this port (the process sim: a restarted game comes back where it was). */
  usePort(port: number): void {
    if (!this.listening) this.port = port;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    if (this.listening) return;
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      this.server.once('error', onError);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', onError);
        const a = this.server.address();
        if (a && typeof a === 'object') this.port = a.port;
        resolve();
      });
    });
    this.listening = true;
  }

  async shut(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }
}
