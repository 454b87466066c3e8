// The item screenshots in docs/screenshots/ (`npm run docs:screenshots:items`, issue 42): a
// player's inventory, a base's containers and the item search, on a phone, over the real 1.0
// world of ../shared/fixtures/saves/v1.0-relics parsed into a real store behind the panel's real
// handler and this checkout's web UI, in Debian's chromium, as docs-screenshots.ts does.
// `--check <dir>`: also every screen at 390 and 1440 px in both themes, into <dir>, to look at.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWorld } from '../src/save/index.js';
import { openStore } from '../src/store/index.js';
import { ROOT } from '../test/helpers/paths.js';
import { loadWorld } from '../test/save/fixtures.js';
import { launchChromium } from '../test/web/browser.js';
import { buildWebUi, servePanel } from '../test/web/in-process-panel.js';

const OUT = join(ROOT, 'docs', 'screenshots');
const VIEWER = { username: 'viewer', password: 'screenshots-viewer-1' };
const check = process.argv.includes('--check') ? process.argv[process.argv.indexOf('--check') + 1] : undefined;
// `--locale <tag>` (with --check): the browser's language, to look at the screens in another one.
const locale = process.argv.includes('--locale') ? process.argv[process.argv.indexOf('--locale') + 1] : undefined;

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'palpanel-docs-items-'));
  try {
    const web = buildWebUi(join(tmp, 'web'));
    const store = await openStore(join(tmp, 'data'), () => new Date());
    const world = await parseWorld(loadWorld('v1.0-relics'));
    store.world.replace(world, new Date(Date.now() - 20 * 60_000).toISOString());
    store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    // The player with the fullest inventory of those whose own save was read; a base with a food
    // box and several containers.
    const read = new Set(world.items!.playersRead);
    const held = (kind: 'player' | 'base', id: string) =>
      world.items!.containers.filter((c) => c.owner.kind === kind && c.owner.id === id).reduce((n, c) => n + c.slots.length, 0);
    const player = world.players.filter((p) => read.has(p.uid)).sort((a, b) => held('player', b.uid) - held('player', a.uid))[0];
    const bases = world.guilds.flatMap((g) => g.bases.map((b) => b.id));
    const base = bases
      .filter((id) => world.items!.containers.some((c) => c.kind === 'foodBox' && c.owner.id === id))
      .sort((a, b) => held('base', b) - held('base', a))[0];
    const { url, server } = await servePanel(store, web, 60);
    const browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    const shots: [name: string, path: string, ready: string][] = [
      ['player-inventory', `/players/${player.uid}`, 'summary'],
      ['base-containers', `/bases/${base}`, '.container-block'],
      ['item-search', '/world-items?q=sphere', '.container-block'],
    ];
    const sizes: [string, { width: number; height: number }, 'dark' | 'light'][] = [['phone', { width: 390, height: 844 }, 'dark']];
    if (check) {
      sizes.push(
        ['phone-light', { width: 390, height: 844 }, 'light'],
        ['desktop', { width: 1440, height: 900 }, 'dark'],
        ['desktop-light', { width: 1440, height: 900 }, 'light'],
      );
    }
    try {
      for (const [size, viewport, colorScheme] of sizes) {
        const context = await browser.newContext({
          viewport,
          colorScheme,
          deviceScaleFactor: size.startsWith('phone') ? 2 : 1,
          ...(locale ? { locale } : {}),
        });
        const page = await context.newPage();
        await page.goto(url + '/');
        await page.getByLabel('Username').fill(VIEWER.username);
        await page.getByLabel('Password').fill(VIEWER.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
        for (const [name, path, ready] of shots) {
          await page.goto(url + path);
          await page.locator(ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          if (name === 'player-inventory') {
            // The inventory is a folded section of the player page: opened, then read.
            await page
              .locator('details.fold', { has: page.getByRole('heading', { name: 'Inventory', exact: true }) })
              .locator('summary')
              .click();
            await page.locator('.container-block').first().waitFor();
            await page.waitForLoadState('networkidle');
            await page.evaluate(
              "[...document.querySelectorAll('h2')].find((e) => e.textContent === 'Inventory')?.scrollIntoView({ block: 'start' }); window.scrollBy(0, -70);",
            );
          }
          const file = size === 'phone' && !check ? join(OUT, `phone-${name}.png`) : join(check ?? OUT, `${size}-${name}.png`);
          await page.screenshot({ path: file });
          console.log(file);
          if (check) {
            // And one screen further down.
            await page.evaluate('window.scrollBy(0, window.innerHeight - 80)');
            await page.screenshot({ path: file.replace(/\.png$/, '-2.png') });
          }
        }
        await context.close();
      }
    } finally {
      await browser.close();
      await server.close(5_000);
      store.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
