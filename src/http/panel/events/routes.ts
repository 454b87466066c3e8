// The metrics and events routes (issue 11): current metrics from the poller's snapshot, the
// durable metrics history, the event log with its filters, and the live stream.
import { route, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { metricsCurrent, metricsHistory, listEvents, streamEvents } from './handlers.js';

export function eventRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('panelMetricsCurrent', { 200: 'OK' }),
        summary: "The game's metrics at the last poll",
        handler: metricsCurrent,
      }),
      route({
        ...operation('metricsHistory', { 200: 'The points in [from, to), oldest first.' }),
        summary: 'Players online, FPS, frame time and uptime over time (kept across restarts, downsampled with age)',
        handler: metricsHistory,
      }),
      route({
        ...operation('listPanelEvents', { 200: 'One page; walk `nextCursor` until it is null.' }),
        summary: 'The event log, newest first (audit events for admins only); filters by kind and time',
        errors: { 403: '`forbidden`: a viewer asked for `audit` events, which only an admin reads.' },
        handler: listEvents,
      }),
      route({
        ...operation('streamEvents', {
          200: { description: 'The stream; each message `data` is one of the documented shapes.', contentType: 'text/event-stream' },
        }),
        summary: 'Live stream (server-sent events) of new events, player changes and metrics',
        description:
          "A `text/event-stream` that stays open; a viewer's stream leaves out `audit` events. Send `Last-Event-ID` (the browser does on reconnect) to resume after that id without loss or duplicates within the retained log. Streams are bounded in number; past the bound the answer is 503 `unavailable`.",
        errors: {
          400: '`invalid_request`: `Last-Event-ID` is not an id.',
          503: { description: '`unavailable`: every stream slot is taken.', headers: ['Retry-After'] },
        },
        handler: streamEvents,
      }),
    ]),
  ];
}
