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
import { templateProblem } from '../lib/webhook-template.js';

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
  /** kind → the admin's template; a kind not named takes the default. */
  templates: Partial<Record<WebhookEventKind, string>>;
  /** Discord: it keeps one live status message, edited in place. */
  statusCard: boolean;
  /** JSON: its deliveries are signed (the secret itself is never shown again). */
  signed: boolean;
  /** Why its last request failed (status and the service's words, never the token); null once
   * one succeeds. */
  lastError: { at: string; text: string } | null;
}

/** What the notifier needs: the URL itself, and how to word and sign. */
export interface WebhookTarget {
  id: string;
  format: WebhookFormat;
  url: string;
  templates: Record<string, string>;
  statusCard: boolean;
  secret: string | null;
}

/** What may change of a webhook. */
export interface WebhookChange {
  events?: readonly string[];
  templates?: Record<string, string>;
  statusCard?: boolean;
  /** A new secret; null removes it. */
  secret?: string | null;
}

interface Row {
  id: string;
  format: string;
  url: string;
  created_at: string;
  created_by: string;
  events: string;
  templates: string;
  status_card: number;
  secret: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

function templatesOf(text: string): Record<string, string> {
  try {
    const t = JSON.parse(text) as Record<string, string>;
    return Object.fromEntries(
      Object.entries(t).filter(([k, v]) => (WEBHOOK_EVENT_KINDS as readonly string[]).includes(k) && typeof v === 'string'),
    );
  } catch {
    return {};
  }
}

/** The templates as stored, checked: known kinds, non-empty, bounded. */
function templatesText(t: Record<string, string>): string {
  for (const [k, v] of Object.entries(t)) {
    if (!(WEBHOOK_EVENT_KINDS as readonly string[]).includes(k))
      throw new ValidationError(`"${k}" is not an event kind a webhook receives.`);
    const why = typeof v === 'string' ? templateProblem(v) : 'is not text';
    if (why) throw new ValidationError(`The template for ${k} ${why}.`);
  }
  return JSON.stringify(t);
}

/** A format's own options: a status card only on Discord, a secret only on JSON. */
function checkOptions(format: WebhookFormat, statusCard: boolean, secret: string | null): void {
  if (statusCard && format !== 'discord') throw new ValidationError('A status card is kept only on a Discord webhook.');
  if (secret !== null && format !== 'json') throw new ValidationError('Only a JSON webhook signs its deliveries with a secret.');
  if (secret !== null && (secret.length < 16 || secret.length > 256))
    throw new ValidationError('A webhook secret is 16 to 256 characters.');
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
  templates: templatesOf(r.templates),
  statusCard: r.status_card === 1,
  signed: r.secret !== null,
  lastError: r.last_error && r.last_error_at ? { at: r.last_error_at, text: r.last_error } : null,
});

const toTarget = (r: Row): WebhookTarget => ({
  id: r.id,
  format: r.format as WebhookFormat,
  url: r.url,
  templates: templatesOf(r.templates),
  statusCard: r.status_card === 1,
  secret: r.secret,
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
    return toTarget(r);
  }

  /** Sets the event kinds a webhook receives (from its next event on). */
  setEvents(id: string, events: readonly string[], actor: Actor): WebhookRecord {
    return this.update(id, { events }, actor);
  }

  /** Changes a webhook's kinds, templates, status card or secret (from its next event on). */
  update(id: string, change: WebhookChange, actor: Actor): WebhookRecord {
    return this.db.write((tx) => {
      const row = tx.get<Row>('SELECT * FROM webhooks WHERE id = ?', [id]);
      if (!row) throw new NotFoundError('No webhook has that id.');
      const format = row.format as WebhookFormat;
      const next: Row = {
        ...row,
        events: change.events === undefined ? row.events : eventsText(change.events),
        templates: change.templates === undefined ? row.templates : templatesText(change.templates),
        status_card: change.statusCard === undefined ? row.status_card : change.statusCard ? 1 : 0,
        secret: change.secret === undefined ? row.secret : change.secret,
      };
      checkOptions(format, next.status_card === 1, next.secret);
      tx.run('UPDATE webhooks SET events = ?, templates = ?, status_card = ?, secret = ? WHERE id = ?', [
        next.events,
        next.templates,
        next.status_card,
        next.secret,
        id,
      ]);
      if (next.status_card === 0) tx.run('DELETE FROM webhook_cards WHERE webhook_id = ?', [id]);
      this.audit.record(tx, { actor, action: 'webhook.update', target: id, detail: changeWords(row, next) });
      return toRecord(next);
    });
  }

  targets(): WebhookTarget[] {
    return this.db.all<Row>('SELECT * FROM webhooks ORDER BY created_at, id').map(toTarget);
  }

  /** Notes how a webhook's last request went (shown on the webhooks card); `why` null: it
   * succeeded. Written only when it changes. */
  noteOutcome(id: string, why: string | null, at: string): void {
    const row = this.db.get<Row>('SELECT * FROM webhooks WHERE id = ?', [id]);
    if (!row || row.last_error === why) return;
    this.db.write((tx) => tx.run('UPDATE webhooks SET last_error = ?, last_error_at = ? WHERE id = ?', [why, why ? at : null, id]));
  }

  /** The status card's message id, kept across restarts; null before it was posted. */
  cardMessage(id: string): string | null {
    return this.db.get<{ message_id: string }>('SELECT message_id FROM webhook_cards WHERE webhook_id = ?', [id])?.message_id ?? null;
  }

  /** Keeps the card's message id (`null`: the message is gone; a new one is posted). */
  setCardMessage(id: string, messageId: string | null, at: string): void {
    this.db.write((tx) => {
      tx.run('DELETE FROM webhook_cards WHERE webhook_id = ?', [id]);
      if (messageId !== null && tx.get('SELECT id FROM webhooks WHERE id = ?', [id]))
        tx.run('INSERT INTO webhook_cards (webhook_id, message_id, posted_at) VALUES (?, ?, ?)', [id, messageId, at]);
    });
  }

  /** Adds a webhook; a URL whose host is this machine or a private network is refused unless
   * the deployment allows it (SERVICE_WEBHOOK_ALLOW_PRIVATE). */
  add(
    format: WebhookFormat,
    rawUrl: string,
    actor: Actor,
    opts: {
      allowPrivate?: boolean;
      events?: readonly WebhookEventKind[];
      templates?: Record<string, string>;
      statusCard?: boolean;
      secret?: string | null;
    } = {},
  ): WebhookRecord {
    const url = validateWebhookUrl(rawUrl, opts.allowPrivate ?? false);
    const events = eventsText(opts.events);
    const templates = templatesText(opts.templates ?? {});
    const statusCard = opts.statusCard ?? false;
    const secret = opts.secret ?? null;
    checkOptions(format, statusCard, secret);
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
      const row: Row = {
        id,
        format,
        url,
        created_at: at,
        created_by: actor,
        events,
        templates,
        status_card: statusCard ? 1 : 0,
        secret,
        last_error: null,
        last_error_at: null,
      };
      tx.run(
        'INSERT INTO webhooks (id, format, url, created_at, created_by, events, templates, status_card, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [id, format, url, at, actor, events, templates, row.status_card, secret],
      );
      this.audit.record(tx, { actor, action: 'webhook.create', target: id, detail, at });
      return toRecord(row);
    });
  }

  remove(id: string, actor: Actor): void {
    this.db.write((tx) => {
      const row = tx.get<Row>('SELECT * FROM webhooks WHERE id = ?', [id]);
      if (!row) throw new NotFoundError('No webhook has that id.');
      tx.run('DELETE FROM webhooks WHERE id = ?', [id]);
      tx.run('DELETE FROM webhook_queue WHERE webhook_id = ?', [id]);
      tx.run('DELETE FROM webhook_cards WHERE webhook_id = ?', [id]);
      this.audit.record(tx, { actor, action: 'webhook.remove', target: id, detail: `${row.format} ${new URL(row.url).host}` });
    });
  }
}

/** An update in the audit's words: what changed, never the secret. */
function changeWords(before: Row, after: Row): string {
  const said: string[] = [];
  const events = after.events.replaceAll(',', ', ');
  const only = before.templates === after.templates && before.status_card === after.status_card && before.secret === after.secret;
  // Only the kinds changed: the list itself, as issue 38 wrote it.
  if (only) return events;
  if (before.events !== after.events) said.push(`events ${events}`);
  if (before.templates !== after.templates) said.push('templates');
  if (before.status_card !== after.status_card) said.push(after.status_card ? 'status card on' : 'status card off');
  if (before.secret !== after.secret) said.push(after.secret === null ? 'secret removed' : 'secret set');
  return said.join('; ') || 'unchanged';
}
