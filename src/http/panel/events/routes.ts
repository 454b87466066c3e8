// The metrics and events routes (issue 11): current metrics from the poller's snapshot, the
// durable metrics history, the event log with its filters, and the live stream.
import { route, signedIn, type PanelRoute } from '../context.js';
import {
  EventPageSchema,
  EventQuery,
  MetricsCurrentSchema,
  MetricsHistoryQuery,
  MetricsHistorySchema,
  StreamMessageSchema,
} from '../../../contract/panel/events.js';
import { metricsCurrent, metricsHistory, listEvents, streamEvents } from './handlers.js';

export function eventRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/metrics/current',
        operationId: 'panelMetricsCurrent',
        summary: "The game's metrics at the last poll",
        responses: { 200: { description: 'OK', schema: MetricsCurrentSchema } },
        handler: metricsCurrent,
      }),
      route({
        method: 'GET',
        path: '/metrics/history',
        operationId: 'metricsHistory',
        summary: 'Players online, FPS, frame time and uptime over time (kept across restarts, downsampled with age)',
        request: { query: MetricsHistoryQuery },
        responses: { 200: { description: 'The points in [from, to), oldest first.', schema: MetricsHistorySchema } },
        handler: metricsHistory,
      }),
      route({
        method: 'GET',
        path: '/events',
        operationId: 'listPanelEvents',
        summary: 'The event log, newest first (audit events for admins only); filters by kind and time',
        request: { query: EventQuery },
        responses: { 200: { description: 'One page; walk `nextCursor` until it is null.', schema: EventPageSchema } },
        errors: { 403: '`forbidden`: a viewer asked for `audit` events, which only an admin reads.' },
        handler: listEvents,
      }),
      route({
        method: 'GET',
        path: '/events/stream',
        operationId: 'streamEvents',
        summary: 'Live stream (server-sent events) of new events, player changes and metrics',
        description:
          "A `text/event-stream` that stays open; a viewer's stream leaves out `audit` events. Send `Last-Event-ID` (the browser does on reconnect) to resume after that id without loss or duplicates within the retained log. Streams are bounded in number; past the bound the answer is 503 `unavailable`.",
        responses: {
          200: {
            description: 'The stream; each message `data` is one of the documented shapes.',
            schema: StreamMessageSchema,
            contentType: 'text/event-stream',
          },
        },
        errors: {
          400: '`invalid_request`: `Last-Event-ID` is not an id.',
          503: { description: '`unavailable`: every stream slot is taken.', headers: ['Retry-After'] },
        },
        handler: streamEvents,
      }),
    ]),
  ];
}
