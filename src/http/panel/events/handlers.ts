// The handlers of the panel's events routes (the table is routes.ts).
import { eventKindVisible } from '../../../domain/event-texts.js';
import { EVENT_KINDS, type EventKind } from '../../../contract/vocabulary.js';
import { encodeCursor } from '../../../contract/cursor.js';
import { HttpError } from '../../errors.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { EVENT_PAGE_DEFAULT, EventQuery, MetricsHistoryQuery } from '../../../contract/panel/events.js';
import { historyData, historyWindow } from '../history-window.js';
import { LiveFeed } from '../../stream/feed.js';
import { sseResponse } from '../../stream/sse.js';

export const metricsCurrent = (({ deps }) => {
  const s = deps.live.snapshot();
  return json(200, { data: { reachable: s.reachable, capturedAt: s.capturedAt, metrics: s.metrics } });
}) satisfies PanelHandler;

export const metricsHistory = (({ deps, query, now }) => {
  const w = historyWindow(query, now);
  const points = deps.store.metrics.range({ fromMs: w.fromMs, toMs: w.toMs, stepMs: w.stepSec * 1000, nowMs: now.getTime() });
  return json(200, { data: historyData(w, points) });
}) satisfies PanelHandler<{ query: typeof MetricsHistoryQuery }>;

export const listEvents = (({ deps, query, user }) => {
  // A viewer never gets admin-only kinds: asked for by name, that is said (403); otherwise they
  // are left out of the page.
  const asked = query.kind?.split(',');
  if (asked?.some((k) => !eventKindVisible(user.role, k))) throw new HttpError(403, 'forbidden', 'Audit events need an admin session.');
  const kinds = asked ?? (user.role === 'admin' ? undefined : EVENT_KINDS.filter((k) => eventKindVisible(user.role, k)));
  let beforeId: number | null = null;
  if (query.cursor !== undefined && query.cursor !== null) {
    if (!/^[1-9]\d{0,15}$/.test(query.cursor)) throw new HttpError(400, 'invalid_cursor', 'The cursor is not valid.');
    beforeId = Number(query.cursor);
  }
  const limit = query.limit ?? EVENT_PAGE_DEFAULT;
  // Stored times are canonical ISO strings: the bounds are compared in the same form.
  const canon = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
  const rows = deps.store.events.page({
    limit: limit + 1,
    beforeId,
    kinds,
    from: canon(query.from),
    to: canon(query.to),
  });
  const more = rows.length > limit;
  // palpanel writes only its own kinds (domain/event-texts.ts EVENT_KINDS); the log keeps a kind as
  // text, so the answer says which words it holds.
  const data = (more ? rows.slice(0, limit) : rows).map((e) => ({ ...e, kind: e.kind as EventKind }));
  return json(200, { data, nextCursor: more ? encodeCursor(String(data[data.length - 1].id)) : null });
}) satisfies PanelHandler<{ query: typeof EventQuery }>;

export const LAST_EVENT_ID = /^\d{1,15}$/;

export const streamEvents = (({ deps, req, user }) => {
  const feed = deps.feed as LiveFeed;
  const raw = req.headers['last-event-id'];
  if (raw !== undefined && raw !== '' && !LAST_EVENT_ID.test(raw.trim()))
    throw new HttpError(400, 'invalid_request', 'Last-Event-ID must be an id this stream sent.');
  const resumeAfter = raw === undefined || raw === '' ? null : Number(raw.trim());
  // Capped per session and per user as well as in all: one viewer cannot hold every slot.
  const owner = { session: user.sessionId, user: user.username };
  if (!feed.acquire(owner))
    throw new HttpError(503, 'unavailable', 'Too many open event streams; try again shortly.', { 'retry-after': '5' });
  return sseResponse({
    feed,
    snapshot: () => deps.live.snapshot(),
    resumeAfter,
    showEvent: (kind) => eventKindVisible(user.role, kind),
    owner,
  });
}) satisfies PanelHandler;
