// A port free a moment ago on 127.0.0.1, for a program that must be told its port before it
// starts and takes no port 0 it would report back (nginx, Prometheus, a container's serve).
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
