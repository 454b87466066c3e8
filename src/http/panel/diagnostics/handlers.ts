// GET /diagnostics: every link palpanel depends on, read from where it is kept (the pollers'
// caches and links, the console's RCON link, the save watcher, the backups and their schedule,
// the notifier, the backup disk) and put into words by game-channels.ts and file-channels.ts.
// RCON is logged in to when nothing used it for a minute, so its state is never old news.
import type { BackupPorts } from '../../../backups/types.js';
import type { Store } from '../../../store/index.js';
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { backupsChannel, diskChannel, saveChannel, webhooksChannel, type BackupsInput } from './file-channels.js';
import { gameDataChannel, rconChannel, restChannel } from './game-channels.js';
import { crashChannel } from './crash-channel.js';
import type { Channel, ChannelState } from '../../../contract/panel/diagnostics.js';
import { messageFor } from '../../../domain/server-text.js';

/** A channel's sentences with their message ids (contract/messages/diagnostics.ts), found by
 * their text: a sentence without a template keeps its English only. */
function withMessageIds(c: Channel): Channel {
  const words = messageFor(c.words, 'diagnostics.');
  const advice = c.advice === null ? null : messageFor(c.advice, 'diagnostics.');
  return {
    ...c,
    ...(words.messageId ? { wordsId: words.messageId, wordsParams: words.params } : {}),
    ...(advice?.messageId ? { adviceId: advice.messageId, adviceParams: advice.params } : {}),
  };
}

async function backupsInput(backups: BackupPorts, store: Store): Promise<BackupsInput> {
  // An imported backup was made elsewhere, at another time: it says nothing of this world's backups.
  const all = await backups.list();
  const newest = all.find((b) => b.trigger !== 'imported') ?? null;
  return {
    folderBytes: all.reduce((a, b) => a + b.sizeBytes, 0),
    newestAt: newest?.createdAt ?? null,
    newestBytes: newest?.sizeBytes ?? null,
    schedule: store.backupSettings.schedule(),
    lastFailure: backups.lastFailure(),
  };
}

const RANK: Record<ChannelState, number> = { off: 0, ok: 0, warning: 1, failing: 2 };
const worst = (cs: Channel[]): ChannelState => cs.reduce<ChannelState>((w, c) => (RANK[c.state] > RANK[w] ? c.state : w), 'ok');

export const getDiagnostics = (async ({ deps, now }) => {
  const d = deps.diagnostics;
  const polls = deps.server?.pollers() ?? { rest: null, gameData: null };
  const restLink = d?.restLink() ?? null;
  const gameDataLink = d?.gameDataLink() ?? null;
  await deps.console?.check();
  const world = deps.server?.world?.state() ?? null;
  const saveLink = d?.saveLink() ?? null;
  const save =
    world?.enabled && saveLink
      ? {
          problem: world.problem,
          link: saveLink,
          newestSaveAt: world.freshness?.newestSaveAt ?? null,
          behind: { stale: world.freshness?.stale ?? false, words: world.freshness?.words ?? '' },
          gameRunning: deps.live.snapshot().reachable,
        }
      : null;
  const backups = deps.backups ? await backupsInput(deps.backups, deps.store) : null;
  const hooks = d?.webhooks() ?? { failing: 0, failingSince: null, lastDeliveryAt: null, lastFailureAt: null };
  const channels = [
    restChannel(polls.rest && restLink ? { state: polls.rest.state, link: restLink } : null, now),
    crashChannel(
      deps.store.gameRecord.openCrash(),
      deps.store.gameRecord.recent(1)[0] ?? null,
      deps.operate?.downBoundMs ?? 300_000,
      now,
      !!(polls.rest && restLink) || !!deps.operate?.resources.latest()?.game,
    ),
    rconChannel(deps.console?.link() ?? null, now),
    gameDataChannel(polls.gameData && gameDataLink ? { state: polls.gameData.state, link: gameDataLink } : null, now),
    saveChannel(save, now),
    backupsChannel(backups, now),
    diskChannel(backups ? await d?.backupDisk() : undefined, backups),
    webhooksChannel({ count: deps.store.webhooks.list().length, ...hooks }, now),
  ];
  return json(200, { data: { checkedAt: now.toISOString(), state: worst(channels), channels: channels.map(withMessageIds) } });
}) satisfies PanelHandler;
