// Webhooks that cannot be turned against the host, and deliveries that survive a restart (issue
// 28, finding 10). Real receivers on real sockets, the real store on a temp dir, restarted (and
// killed) between queueing and delivery.
import { spawn } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Notifier } from '../../src/actions/notifier.js';
import { isPublicAddress } from '../../src/lib/net-address.js';
import { openStore, type Store } from '../../src/store/index.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN, panelHarness } from '../http/panel-harness.js';

interface Receiver {
  url: string;
  port: number;
  bodies: { message: string }[];
  /** Answer 503 to everything while true. */
  down: boolean;
  /** Requests answered 503. */
  refused: number;
  server: Server;
}

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function receiver(host = '127.0.0.1'): Promise<Receiver> {
  const r: Receiver = { url: '', port: 0, bodies: [], down: false, refused: 0, server: createServer() };
  r.server.on('request', (req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      if (r.down) {
        r.refused++;
        return void res.writeHead(503).end();
      }
      r.bodies.push(JSON.parse(data) as { message: string });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => r.server.listen(0, host, ok));
  r.port = (r.server.address() as { port: number }).port;
  r.url = `http://${host.includes(':') ? `[${host}]` : host}:${r.port}/hook/s3cr3t`;
  cleanup.push(() => new Promise<void>((ok) => r.server.close(() => ok())));
  return r;
}

const at = '2026-07-14T10:00:00.000Z';
/** This machine's own name, and what it resolves to (a loopback or private address, usually). */
const own = hostname();
const resolved = await lookup(own).catch(() => null);
const join1 = (n: number) => ({ at, kind: 'join', message: `Player${n} joined the server` });

describe('webhook targets', () => {
  it('a URL naming this machine or a private network is refused when added (400), unless the setting allows it', async () => {
    const h = await panelHarness();
    cleanup.push(() => h.ts.cleanup());
    const admin = await h.login(ADMIN);
    const add = (url: string) =>
      h.send({ method: 'POST', path: '/api/v1/webhooks', headers: { cookie: admin }, body: JSON.stringify({ format: 'json', url }) });
    const refused = [
      'http://127.0.0.1:9/x',
      'http://localhost:9/x',
      'http://LOCALHOST./x',
      'http://bot.localhost/x',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0x7f.1/x',
      'http://2130706433/x',
      'http://0.0.0.0/x',
      'http://10.1.2.3/x',
      'http://172.16.0.1/x',
      'http://192.168.1.10/x',
      'http://100.64.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/x',
      'http://[fd12:3456::1]/x',
      'http://[64:ff9b::a00:1]/x',
      // 6to4 spellings of loopback and the metadata address (issue 37, finding 15c).
      'http://[2002:7f00:1::]/x',
      'http://[2002:a9fe:a9fe::]/latest/meta-data',
    ];
    for (const url of refused) {
      const res = await add(url);
      expect(res.status, url).toBe(400);
      expect(res.json.error.message, url).toMatch(/SERVICE_WEBHOOK_ALLOW_PRIVATE=true/);
    }
    expect(h.ts.store.webhooks.list()).toEqual([]);
    expect((await add('https://discord.com/api/webhooks/1234/abc')).status).toBe(201);
    expect((await add('http://93.184.215.14/hook')).status).toBe(201);
    // The setting lets a bot on this host or network be a target.
    const allowed = await panelHarness(undefined, { webhookAllowPrivate: true });
    cleanup.push(() => allowed.ts.cleanup());
    const cookie = await allowed.login(ADMIN);
    const res = await allowed.send({
      method: 'POST',
      path: '/api/v1/webhooks',
      headers: { cookie },
      body: JSON.stringify({ format: 'json', url: 'http://127.0.0.1:9/x' }),
    });
    expect(res.status).toBe(201);
  });

  it('the address classes', () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '169.254.1.1',
      '::ffff:192.168.0.1',
      'fe80::1%eth0',
      '224.0.0.1',
      '255.255.255.255',
      'not-an-ip',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::',
      '2002:c0a8:0101::1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  // A host name is checked as it resolves, when an event is sent: here this machine's own name,
  // which resolves to one of its own (loopback or private) addresses.
  it.skipIf(!resolved || isPublicAddress(resolved.address))(
    'a host name that resolves to a private address is refused at delivery, given up with a log line; the setting allows it',
    async () => {
      if (!resolved) return;
      const rx = await receiver(resolved.address);
      const url = `http://${own}:${rx.port}/hook/s3cr3t`;
      for (const allowPrivate of [false, true]) {
        const store = await openStore(tempDir());
        cleanup.push(() => store.close());
        // A name: accepted when added, whatever it resolves to then.
        store.webhooks.add('json', url, 'cli');
        const logs: string[] = [];
        const notifier = new Notifier({ store, log: (_l, m) => void logs.push(m), allowPrivate, retryBaseMs: 5 });
        cleanup.push(notifier.start());
        store.events.append(join1(allowPrivate ? 2 : 1));
        if (allowPrivate) {
          await waitFor('the delivery', () => (rx.bodies.length === 1 ? true : undefined));
          expect(rx.bodies).toEqual([expect.objectContaining({ message: 'Player2 joined the server' })]);
        } else {
          await waitFor('the refusal', () => logs.find((l) => l.includes('gave up')));
          expect(logs).toEqual([
            expect.stringMatching(
              /gave up on an event after 1 attempt \(its host .* is a loopback, link-local or private address; allowed only with SERVICE_WEBHOOK_ALLOW_PRIVATE=true\)$/,
            ),
          ]);
          expect(rx.bodies).toEqual([]);
        }
        await notifier.idle();
        expect(store.webhooks.queue.pendingWebhooks()).toEqual([]);
      }
    },
  );
});

describe('the webhook queue across restarts', () => {
  it('deliveries still queued when palpanel stops are made after it starts again, in order', async () => {
    const dir = tempDir();
    const rx = await receiver();
    rx.down = true;
    let store: Store = await openStore(dir);
    store.webhooks.add('json', rx.url, 'cli', { allowPrivate: true });
    let notifier = new Notifier({ store, log: () => {}, allowPrivate: true, retryBaseMs: 60_000 });
    let stop = notifier.start();
    store.events.appendMany([join1(1), join1(2), { at, kind: 'audit', message: 'not public' }, join1(3)]);
    // The first delivery failed and waits a minute for its retry: palpanel stops now.
    await waitFor('a first try, refused', () => (rx.refused === 1 ? true : undefined));
    expect(store.webhooks.queue.size(store.webhooks.list()[0].id)).toBe(3);
    stop();
    store.close();
    rx.down = false;
    store = await openStore(dir);
    cleanup.push(() => store.close());
    notifier = new Notifier({ store, log: () => {}, allowPrivate: true });
    stop = notifier.start();
    cleanup.push(stop);
    await waitFor('the three deliveries', () => (rx.bodies.length === 3 ? true : undefined));
    await notifier.idle();
    expect(rx.bodies.map((b) => b.message)).toEqual([
      'Player1 joined the server',
      'Player2 joined the server',
      'Player3 joined the server',
    ]);
    expect(store.webhooks.queue.pendingWebhooks()).toEqual([]);
  });

  it('events written just before a SIGKILL are delivered after the next start; a removed webhook gets nothing', async () => {
    const dir = tempDir();
    const rx = await receiver();
    const gone = await receiver();
    // A palpanel process that queues events for two webhooks and is killed before it sends any.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(ROOT, 'src/store/index.ts')}').then(async (m) => {
           const store = await m.openStore(${JSON.stringify(dir)});
           store.webhooks.add('json', ${JSON.stringify(rx.url)}, 'cli', { allowPrivate: true });
           store.webhooks.add('discord', ${JSON.stringify(gone.url)}, 'cli', { allowPrivate: true });
           store.events.appendMany([${JSON.stringify(join1(7))}, ${JSON.stringify(join1(8))}]);
           console.log('queued');
           setInterval(() => {}, 1000);
         })`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.on('data', (c) => String(c).includes('queued') && resolve()));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const store = await openStore(dir);
    cleanup.push(() => store.close());
    const hooks = store.webhooks.list();
    expect(hooks).toHaveLength(2);
    store.webhooks.remove(hooks[1].id, 'cli');
    const notifier = new Notifier({ store, log: () => {}, allowPrivate: true });
    cleanup.push(notifier.start());
    await waitFor('both deliveries', () => (rx.bodies.length === 2 ? true : undefined));
    await notifier.idle();
    expect(rx.bodies.map((b) => b.message)).toEqual(['Player7 joined the server', 'Player8 joined the server']);
    expect(gone.bodies).toEqual([]);
    expect(store.webhooks.queue.pendingWebhooks()).toEqual([]);
  });
});
