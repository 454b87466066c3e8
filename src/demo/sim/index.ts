// startSimGameServer: a simulated Palworld dedicated server on 127.0.0.1 (REST + RCON), for
// `palpanel demo` and integration tests. See types.ts for options and the control surface.
//
//   const sim = await startSimGameServer({ players: [{ uid, name, level }], basePals: [...] });
//   // sim.restUrl → SERVICE_GAME_REST_URL, sim.password → SERVICE_GAME_ADMIN_PASSWORD,
//   // sim.rconAddr → SERVICE_RCON_ADDR
//   sim.control.setOnline([uid]);          // pin who is online
//   await sim.control.setMode('unreachable'); // refuse connections until setMode('ok')
//   await sim.close();
import { SimRcon } from './sim-rcon.js';
import { SimRest } from './sim-rest.js';
import { SimSave } from './sim-save.js';
import { SimPalDefender } from './sim-paldefender.js';
import { SimWorld } from './sim-world.js';
import type { SimControl, SimGameServer, SimMode, SimOptions, SimRconFault } from './types.js';

export type * from './types.js';

export async function startSimGameServer(opts: SimOptions = {}): Promise<SimGameServer> {
  const password = opts.password ?? 'sim-admin-password';
  const world = new SimWorld(opts);
  let mode: SimMode = 'ok';
  let fault: SimRconFault = 'none';
  let slowDelayMs = opts.slowDelayMs ?? 30_000;
  const rest = new SimRest(
    world,
    password,
    () => mode,
    () => slowDelayMs,
  );
  const rcon = opts.rcon === false ? null : new SimRcon(world, password, () => fault, opts.palDefender === true);
  // The world save, written where and as the game writes it; the first save is there before
  // the REST API answers, as on a server that has run before.
  const save = opts.save ? new SimSave(opts.save, world.worldGuid, () => mode !== 'unreachable') : null;
  if (save) {
    world.saveWorld = () => save.save();
    world.runningWorldId = () => save.currentWorldId;
    await save.start();
  }
  const needSave = (): SimSave => {
    if (!save) throw new Error('the sim writes no save (SimOptions.save)');
    return save;
  };
  // PalDefender's REST API lives and dies with the game process, like the game's own.
  const pd = opts.palDefenderRest ? new SimPalDefender(world, opts.palDefenderRest.tokens) : null;
  if (opts.restPort) rest.listener.usePort(opts.restPort);
  if (opts.rconPort) rcon?.listener.usePort(opts.rconPort);
  await rest.listener.open();
  await rcon?.listener.open();
  await pd?.listener.open();

  const control: SimControl = {
    async setMode(next) {
      mode = next;
      if (next === 'unreachable') {
        await Promise.all([rest.listener.shut(), rcon?.listener.shut(), pd?.listener.shut()]);
      } else {
        await Promise.all([rest.listener.open(), rcon?.listener.open(), pd?.listener.open()]);
      }
    },
    get mode() {
      return mode;
    },
    setGameData: (m) => void (world.gameData = m),
    setProfile: (p) => void (world.profile = p),
    setOnline: (uids) => world.players.setOverride(uids),
    setLoading: (n) => void (world.loading = Math.max(0, Math.floor(n))),
    setRconFault: (f) => void (fault = f),
    setSlowDelay: (ms) => void (slowDelayMs = Math.max(0, ms)),
    onlineUids: () => world.online().map((p) => p.uid),
    sensitiveStrings: () => world.sensitiveStrings(),
    adminActions: () => world.actions.map((a) => ({ ...a, args: { ...a.args } })),
    requestCounts: () => ({ ...rest.counts }),
    saves: () => [...(save?.saves ?? [])],
    saveNow: () => needSave().save(),
    switchWorld: (id) => needSave().switchWorld(id),
    worldDir: () => needSave().worldDir(),
  };

  // A shutdown or stop really takes the server away, and a supervisor starts it again later.
  const downTimers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      downTimers.delete(t);
      fn();
    }, ms);
    t.unref();
    downTimers.add(t);
  };
  if (opts.exitOnShutdown) {
    const exit = opts.exitOnShutdown;
    world.onAction = (a) => {
      const action = a.action;
      if (action !== 'shutdown' && action !== 'stop') return;
      const wait = action === 'shutdown' ? Math.max(0, Number(a.args.waittime) || 0) * 1000 : 0;
      // Answered first: the reply to the request is still sent before the process ends.
      later(wait + 100, () => {
        if (action === 'shutdown') void save?.save();
        exit(action, wait);
      });
    };
  } else if (opts.restartAfterMs !== undefined) {
    const backAfter = opts.restartAfterMs;
    world.onAction = (a) => {
      if (a.action !== 'shutdown' && a.action !== 'stop') return;
      const wait = a.action === 'shutdown' ? Math.max(0, Number(a.args.waittime) || 0) * 1000 : 0;
      // Answered first, then gone: the reply to the shutdown request is still sent. A shutdown
      // saves the world first; a forced stop does not.
      later(wait + 100, () => {
        if (a.action === 'shutdown') void save?.save();
        void control.setMode('unreachable');
        later(backAfter, () => void control.setMode('ok'));
      });
    };
  }

  return {
    restUrl: `http://${rest.listener.address}`,
    rconAddr: rcon ? rcon.listener.address : '',
    palDefenderUrl: pd ? `http://${pd.listener.address}` : '',
    password,
    control,
    async close() {
      for (const t of downTimers) clearTimeout(t);
      rest.cancelTimers();
      await save?.close();
      await Promise.all([rest.listener.shut(), rcon?.listener.shut(), pd?.listener.shut()]);
    },
  };
}
