// A small server-sent-events client over node:http for the stream tests and the benchmark: it
// keeps the parsed messages and the comment lines, and can be closed like a browser tab.
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseMessage {
  id: string;
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  /** The whole body when the answer was not a stream (an error envelope). */
  body: string;
  messages: SseMessage[];
  comments: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest | null = null;
    req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buf = '';
      let endResolve: () => void = () => undefined;
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        messages: [],
        comments: 0,
        ended: new Promise<void>((r) => (endResolve = r)),
        close: () => req?.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (client.status !== 200) {
          client.body += chunk;
          return;
        }
        buf += chunk;
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const m: SseMessage = { id: '', event: 'message', data: '' };
          let fields = 0;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) client.comments++;
            const c = line.indexOf(': ');
            if (c < 0) continue;
            const [k, v] = [line.slice(0, c), line.slice(c + 2)];
            if (k === 'id' || k === 'event' || k === 'data') {
              m[k] = v;
              fields++;
            }
          }
          if (fields > 0 && m.data !== '') client.messages.push(m);
        }
      });
      res.on('end', endResolve);
      res.on('close', endResolve);
      res.on('error', () => undefined);
      if (client.status === 200) resolve(client);
      else res.on('end', () => resolve(client));
    });
    req.on('error', reject);
    req.end();
  });
}
