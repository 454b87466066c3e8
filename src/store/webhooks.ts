// Webhooks: where the public events are sent as well (actions/notifier.ts delivers them). A URL
// carries its secret (Discord's token is its last segment), so what the panel shows is a hint:
// the origin and the path with its last segment masked.
import { randomBytes } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditRepo } from './audit.js';
import { commitOrRefuse } from './audit.js';
import type { DurableDb } from './durable-db.js';
import { isIP } from 'node:net';
import { isLocalHostName, isPublicAddress } from '../lib/net-address.js';
import { WebhookQueueRepo } from './webhook-queue.js';
import {
  DEFAULT_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_KINDS,
  WEBHOOK_FORMATS,
  type WebhookEventKind,
  type WebhookFormat,
} from '../contract/vocabulary.js';

export { WEBHOOK_FORMATS, type WebhookFormat };
export const MAX_WEBHOOKS = 20;
const MAX_URL = 2048;

/** A webhook as the panel shows it. */
export interface WebhookRecord {
  id: string;
  format: WebhookFormat;
  /** e.g. `https://discord.com/api/webhooks/1234/…`: never the whole URL. */
  urlHint: string;
  createdAt: string;
  createdBy: string;
  /** The event kinds it receives. */
  events: WebhookEventKind[];
}

/** What the notifier needs: the URL itself. */
export interface WebhookTarget {
  id: string;
  format: WebhookFormat;
  url: string;
}

interface Row {
  id: string;
  format: string;
  url: string;
  created_at: string;
  created_by: string;
  events: string;
}

/** The kinds a webhook receives, as stored (a comma list, in the vocabulary's order): unknown
 * words dropped, none given the default. */
function eventsOf(text: string): WebhookEventKind[] {
  const set = new Set(text.split(','));
  return WEBHOOK_EVENT_KINDS.filter((k) => set.has(k));
}

function eventsText(events: readonly string[] | undefined): string {
  const chosen = events === undefined ? DEFAULT_WEBHOOK_EVENTS : events;
  const kinds = WEBHOOK_EVENT_KINDS.filter((k) => chosen.includes(k));
  if (kinds.length === 0 || kinds.length !== new Set(chosen).size)
    throw new ValidationError(`A webhook receives one or more of ${WEBHOOK_EVENT_KINDS.join(', ')}.`);
  return kinds.join(',');
}

export function urlHint(url: string): string {
  const u = new URL(url);
  const parts = u.pathname.split('/').filter(Boolean);
  const shown = parts.length > 1 ? `/${parts.slice(0, -1).join('/')}/…` : parts.length === 1 ? '/…' : '/';
  return `${u.protocol}//${u.host}${shown}`;
}

/** Why a webhook may not go to this URL's host as written (a private address, or a name that
 * always means this machine), or null. A name is checked again once resolved, at delivery. */
export function privateTarget(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalHostName(host)) return 'names this machine';
  if (isIP(host) !== 0 && !isPublicAddress(host)) return 'is a loopback, link-local or private address';
  return null;
}

export const ALLOW_PRIVATE_SETTING = 'SERVICE_WEBHOOK_ALLOW_PRIVATE';

export function validateWebhookUrl(url: unknown, allowPrivate = false): string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL)
    throw new ValidationError(`The webhook URL must be 1 to ${MAX_URL} characters.`);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ValidationError('The webhook URL is not a URL.');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new ValidationError('The webhook URL must be http or https.');
  if (u.username || u.password) throw new ValidationError('The webhook URL must not carry a user name or password.');
  const why = allowPrivate ? null : privateTarget(u);
  if (why) throw new ValidationError(`The webhook URL's host ${why}; webhooks go there only with ${ALLOW_PRIVATE_SETTING}=true.`);
  return u.toString();
}

const toRecord = (r: Row): WebhookRecord => ({
  id: r.id,
  format: r.format as WebhookFormat,
  urlHint: urlHint(r.url),
  createdAt: r.created_at,
  createdBy: r.created_by,
  events: eventsOf(r.events),
});

export class WebhookRepo {
  /** Deliveries waiting to be made. */
  readonly queue: WebhookQueueRepo;

  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {
    this.queue = new WebhookQueueRepo(db);
  }

  list(): WebhookRecord[] {
    return this.db.all<Row>('SELECT * FROM webhooks ORDER BY created_at, id').map(toRecord);
  }

  /** One webhook's target (the test message goes there), or 404. */
  target(id: string): WebhookTarget {
    const r = this.db.get<Row>('SELECT * FROM webhooks WHERE id = ?', [id]);
    if (!r) throw new NotFoundError('No webhook has that id.');
    return { id: r.id, format: r.format as WebhookFormat, url: r.url };
  }

  /** Sets the event kinds a webhook receives (from its next event on). */
  setEvents(id: string, events: readonly string[], actor: Actor): WebhookRecord {
    const text = eventsText(events);
    return this.db.write((tx) => {
      const row = tx.get<Row>('SELECT * FROM webhooks WHERE id = ?', [id]);
      if (!row) throw new NotFoundError('No webhook has that id.');
      tx.run('UPDATE webhooks SET events = ? WHERE id = ?', [text, id]);
      this.audit.record(tx, { actor, action: 'webhook.update', target: id, detail: text.replaceAll(',', ', ') });
      return toRecord({ ...row, events: text });
    });
  }

  targets(): WebhookTarget[] {
    return this.db
      .all<Row>('SELECT * FROM webhooks ORDER BY created_at, id')
      .map((r) => ({ id: r.id, format: r.format as WebhookFormat, url: r.url }));
  }

  /** Adds a webhook; a URL whose host is this machine or a private network is refused unless
   * the deployment allows it (SERVICE_WEBHOOK_ALLOW_PRIVATE). */
  add(
    format: WebhookFormat,
    rawUrl: string,
    actor: Actor,
    opts: { allowPrivate?: boolean; events?: readonly WebhookEventKind[] } = {},
  ): WebhookRecord {
    const url = validateWebhookUrl(rawUrl, opts.allowPrivate ?? false);
    const events = eventsText(opts.events);
    const at = iso(this.clock());
    const id = randomBytes(4).toString('hex');
    const detail = `${format} ${new URL(url).host}`;
    return commitOrRefuse(this.db, (tx) => {
      const n = tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhooks')!.n;
      if (n >= MAX_WEBHOOKS) {
        return this.audit.refuse(
          tx,
          { actor, action: 'webhook.create', target: '', detail, at },
          'too_many_webhooks',
          new ConflictError('conflict', `There are already ${MAX_WEBHOOKS} webhooks; remove one first.`),
        );
      }
      tx.run('INSERT INTO webhooks (id, format, url, created_at, created_by, events) VALUES (?, ?, ?, ?, ?, ?)', [
        id,
        format,
        url,
        at,
        actor,
        events,
      ]);
      this.audit.record(tx, { actor, action: 'webhook.create', target: id, detail, at });
      return { id, format, urlHint: urlHint(url), createdAt: at, createdBy: actor, events: eventsOf(events) };
    });
  }

  remove(id: string, actor: Actor): void {
    this.db.write((tx) => {
      const row = tx.get<Row>('SELECT * FROM webhooks WHERE id = ?', [id]);
      if (!row) throw new NotFoundError('No webhook has that id.');
      tx.run('DELETE FROM webhooks WHERE id = ?', [id]);
      tx.run('DELETE FROM webhook_queue WHERE webhook_id = ?', [id]);
      this.audit.record(tx, { actor, action: 'webhook.remove', target: id, detail: `${row.format} ${new URL(row.url).host}` });
    });
  }
}
