// The panel's game log route (issue 40): admins only (the log may name players' addresses and
// the server's set-up). Spread into the panel route table (routes.ts).
import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { getGameLog, streamGameLog } from './handlers.js';

export function gameLogRoutes(): PanelRoute[] {
  return adminOnly([
    route({
      ...operation('getGameLog', { 200: 'OK' }),
      summary: "The game's log: the last lines palpanel followed, with search and level filters",
      description:
        'Followed from SERVICE_GAME_LOG (a file, through rotation and truncation) or SERVICE_GAME_LOG_COMMAND (a command’s output). The last 10,000 lines are kept in memory (not across palpanel restarts; a file’s last megabyte is read again at start). Secrets are masked as in the console. Ask again with `after` set to `lastSeq` for the lines since.',
      handler: getGameLog,
    }),
    route({
      ...operation('streamGameLog', {
        200: {
          description: 'The stream; each `line` message’s `data` is one line, its `id` the line’s seq.',
          contentType: 'text/event-stream',
        },
      }),
      summary: "The game's log as it is written (server-sent events), with the same filters",
      description:
        'A `text/event-stream` of `line` messages: the kept lines after `after` first (none without it), then each new line that matches `q` and `level`. `Last-Event-ID` (sent by the browser on reconnect) resumes after that line, from what the 10,000 kept lines still hold. Shares the event stream’s bound on open streams.',
      errors: {
        400: '`invalid_request`: a bad filter or `Last-Event-ID`.',
        409: '`conflict`: no log is followed (the message names SERVICE_GAME_LOG and SERVICE_GAME_LOG_COMMAND).',
        503: { description: '`unavailable`: every stream slot is taken.', headers: ['Retry-After'] },
      },
      handler: streamGameLog,
    }),
  ]);
}
