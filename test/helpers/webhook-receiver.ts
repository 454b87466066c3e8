// A webhook receiver on 127.0.0.1: it records the JSON bodies it accepts and answers the
// statuses it is told, in order (then 204). The webhook tests share it.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Receiver {
  url: string;
  bodies: unknown[];
  /** Status to answer, per request in order (then 204). */
  script: number[];
  server: Server;
}

export async function receiver(): Promise<Receiver> {
  const r: Receiver = { url: '', bodies: [], script: [], server: createServer() };
  r.server.on('request', (req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      const status = r.script.shift() ?? 204;
      if (status < 300) r.bodies.push(JSON.parse(data));
      res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {}).end();
    });
  });
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
  const addr = r.server.address() as { port: number };
  r.url = `http://127.0.0.1:${addr.port}/api/webhooks/1234/s3cr3t-token`;
  return r;
}
