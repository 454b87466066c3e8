// The handler of the panel's game log route (issue 40): the kept lines, filtered, from the
// follower (ingest/game-log/game-log.ts). The lines are data: masked when read, sent as JSON
// strings, shown by the web UI as text.
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { GameLogQuery, GameLogStreamQuery } from '../../../contract/panel/game-log.js';
import { lineMatcher, NO_GAME_LOG } from '../../../ingest/game-log/game-log.js';
import { NotConfiguredError } from '../../../domain/errors.js';
import { HttpError } from '../../errors.js';
import type { LiveFeed } from '../../stream/feed.js';
import { gameLogSse } from '../../stream/game-log-sse.js';

export const getGameLog = (({ deps, query }) => json(200, { data: deps.gameLog?.page(query) ?? NO_GAME_LOG })) satisfies PanelHandler<{
  query: typeof GameLogQuery;
}>;

const SEQ = /^\d{1,15}$/;

/** The log's new lines as server-sent events; 409 `conflict` with the setting's words when no log is followed. */
export const streamGameLog = (({ deps, req, user, query }) => {
  const feed = deps.feed as LiveFeed;
  const log = deps.gameLog;
  if (!log) throw new NotConfiguredError('gameLog');
  const raw = req.headers['last-event-id']?.trim();
  if (raw && !SEQ.test(raw)) throw new HttpError(400, 'invalid_request', 'Last-Event-ID must be a line seq this stream sent.');
  // A browser's reconnect names the last line it got; the first connection says `after`.
  const resumeAfter = raw ? Number(raw) : (query.after ?? null);
  const owner = { session: user.sessionId, user: user.username };
  if (!feed.acquire(owner)) throw new HttpError(503, 'unavailable', 'Too many open streams; try again shortly.', { 'retry-after': '5' });
  return gameLogSse({ log, feed, owner, match: lineMatcher(query.q, query.level), resumeAfter });
}) satisfies PanelHandler<{ query: typeof GameLogStreamQuery }>;
