// The screenshots of docs/discord.md: the status card rendered from its embed JSON (the very
// embed palpanel sends, drawn as Discord draws an embed, at phone width) and the webhooks card of
// the settings at 390 px, with its "Change" dialog (kinds, status card, templates and preview).
//   npx tsx scripts/discord-screenshots.ts
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardEmbed, type Embed } from '../src/actions/status-card-embed.js';
import type { LiveSnapshot } from '../src/domain/live.js';
import { openStore } from '../src/store/index.js';
import { ROOT } from '../test/helpers/paths.js';
import { launchChromium } from '../test/web/browser.js';
import { buildWebUi, servePanel } from '../test/web/in-process-panel.js';

const OUT = join(ROOT, 'docs', 'screenshots');
const PHONE = { width: 390, height: 844 };
const ADMIN = { username: 'admin', password: 'screenshots-admin-1' };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Discord's markdown as its app shows it, for what the card uses: escapes removed, the zero-width
 * space kept, `<t:…:R>` as a relative time. */
function md(s: string, nowSec: number): string {
  const rel = (t: number) => {
    const d = t - nowSec;
    const m = Math.round(Math.abs(d) / 60);
    const words = m >= 90 ? `${Math.round(m / 60)} hours` : `${m} minutes`;
    return d >= 0 ? `in ${words}` : `${words} ago`;
  };
  return (
    esc(s)
      .replace(/&lt;t:(\d+):R&gt;/g, (_, t: string) => `<span class="ts">${rel(Number(t))}</span>`)
      .replace(/\\([\\*_~`|>#\-[\]():]|&lt;)/g, '$1')
      // The headless browser has no colour emoji font: the state's dot is drawn instead.
      .replace(
        /🟢|🔴|⚫/g,
        (c) => `<span class="dot" style="background:${c === '🟢' ? '#23a55a' : c === '🔴' ? '#f23f43' : '#80848e'}"></span>`,
      )
  );
}

function embedHtml(e: Embed, nowSec: number): string {
  const colour = `#${e.color.toString(16).padStart(6, '0')}`;
  const fields = e.fields
    .map(
      (f) =>
        `<div class="f${f.inline ? ' in' : ''}"><div class="fn">${md(f.name, nowSec)}</div><div class="fv">${md(f.value, nowSec)}</div></div>`,
    )
    .join('');
  return `<!doctype html><meta charset="utf-8"><style>
  body{margin:0;background:#313338;font:16px/1.375 "gg sans","Noto Sans",Helvetica,Arial,sans-serif;color:#dbdee1;padding:16px 12px}
  .msg{display:flex;gap:12px}.av{width:40px;height:40px;border-radius:50%;background:#5865f2;flex:none;display:grid;place-items:center;color:#fff;font-weight:700}
  .who{color:#f2f3f5;font-weight:500}.bot{background:#5865f2;color:#fff;font-size:10px;border-radius:3px;padding:1px 4px;margin-left:4px;vertical-align:2px}
  .when{color:#949ba4;font-size:12px;margin-left:4px}
  .embed{margin-top:4px;background:#2b2d31;border-left:4px solid ${colour};border-radius:4px;padding:8px 16px 16px 12px;max-width:432px}
  .t{color:#f2f3f5;font-weight:600;margin-top:8px}.d{margin-top:8px;font-size:14px}
  .fs{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin-top:8px}.f{grid-column:1/-1;font-size:14px}.f.in{grid-column:auto}
  .fn{color:#f2f3f5;font-weight:600;margin-bottom:2px}.ts{background:#3f4147;border-radius:3px;padding:0 2px}
  .dot{display:inline-block;width:12px;height:12px;border-radius:50%;margin-right:4px;vertical-align:-1px}
  .ft{margin-top:8px;font-size:12px;color:#b5bac1}
  </style><div class="msg"><div class="av">P</div><div><span class="who">palpanel</span><span class="bot">APP</span><span class="when">Today at 21:04 (edited)</span>
  <div class="embed"><div class="t">${md(e.title, nowSec)}</div><div class="d">${md(e.description, nowSec)}</div><div class="fs">${fields}</div><div class="ft">${esc(e.footer.text)}</div></div></div></div>`;
}

function live(names: string[], reachable: boolean): LiveSnapshot {
  return {
    reachable,
    info: { name: 'Pal Island #1 | EU PvE', description: '', version: 'v0.6.1.79736', worldGuid: 'B1' },
    metrics: { fps: 59.4, fpsAvg: 58, frameTimeMs: 17, players: names.length, maxPlayers: 32, day: 412, uptimeSec: 31_020, baseCamps: 9 },
    players: names.map((name, i) => ({
      name,
      accountName: name,
      playerId: String(i).padStart(32, '0'),
      userId: '',
      ip: '',
      ping: 0,
      level: 1,
      location: null,
      buildingCount: 0,
    })),
    capturedAt: new Date().toISOString(),
  };
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const now = Date.now();
  const names = [
    'Aiko',
    'Bjorn',
    'Chen_Wei',
    '@everyone',
    'Dmitri**',
    'Elena',
    'Farah',
    'Gabriel',
    'Hana',
    'Ivo',
    'Jun',
    'Kasia',
    'Lior',
    'Mateo',
    'Noor',
    'Olek',
    'Priya',
    'Quinn',
    'Rafa',
    'Sven',
    'Taro',
    'Uma',
    'Vik',
    'Wren',
  ];
  const states = {
    online: cardEmbed({
      live: live(names, true),
      countdown: null,
      nextRestartAt: new Date(now + 5.5 * 3600_000).toISOString(),
      lastBackup: { at: new Date(now - 22 * 60_000).toISOString(), offsite: 'copied' },
    }),
    countdown: cardEmbed({
      live: live(names.slice(0, 5), true),
      countdown: { kind: 'restart', endsAt: new Date(now + 5 * 60_000).toISOString(), reason: 'nightly restart' },
      nextRestartAt: null,
      lastBackup: { at: new Date(now - 22 * 60_000).toISOString(), offsite: 'copied' },
    }),
    offline: cardEmbed({
      live: live([], false),
      countdown: null,
      nextRestartAt: null,
      lastBackup: { at: new Date(now - 80 * 60_000).toISOString(), offsite: 'failed' },
    }),
  };
  const browser = await launchChromium();
  try {
    for (const [name, e] of Object.entries(states)) {
      const page = await (await browser.newContext({ viewport: { width: 390, height: 200 }, deviceScaleFactor: 2 })).newPage();
      await page.setContent(embedHtml(e, Math.floor(now / 1000)));
      const box = await page.locator('.msg').boundingBox();
      await page.setViewportSize({ width: 390, height: Math.ceil((box?.height ?? 400) + 32) });
      await page.screenshot({ path: join(OUT, `discord-card-${name}.png`) });
      console.log(`docs/screenshots/discord-card-${name}.png`);
    }

    const dir = mkdtempSync(join(tmpdir(), 'palpanel-shots-'));
    const store = await openStore(join(dir, 'data'));
    store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const d = store.webhooks.add('discord', 'https://discord.com/api/webhooks/1180000000000000000/Xy7-secret-token', 'cli', {
      statusCard: true,
      events: ['join', 'leave', 'kick', 'ban', 'crash', 'restart', 'countdown'],
      templates: { join: '{player} joined! {players}/{max} on {server}' },
    });
    store.webhooks.add('slack', 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX', 'cli', {
      events: ['crash', 'offsite', 'warning'],
    });
    const n = store.webhooks.add('ntfy', 'https://ntfy.sh/palworld-alerts-83ff', 'cli', { events: ['crash', 'restart'] });
    store.webhooks.add('json', 'https://bots.example.org/palpanel/hook', 'cli', {
      events: ['audit'],
      secret: 'a-long-shared-secret-0123456789',
    });
    store.webhooks.noteOutcome(n.id, 'HTTP 403: forbidden (code 40301)', new Date(now - 3 * 60_000).toISOString());
    void d;
    const web = buildWebUi(join(dir, 'web'));
    const { url, server } = await servePanel(store, web);
    for (const scheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, deviceScaleFactor: 2 });
      const page = await context.newPage();
      await page.goto(url + '/');
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.goto(url + '/settings');
      await page.locator('caption', { hasText: 'Webhooks' }).waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await page.evaluate(
        "[...document.querySelectorAll('h2')].find((e) => e.textContent === 'Webhooks')?.scrollIntoView({ block: 'start' }); window.scrollBy(0, -70);",
      );
      await page.screenshot({ path: join(OUT, `phone-webhooks-${scheme}.png`) });
      console.log(`docs/screenshots/phone-webhooks-${scheme}.png`);
      const width = await page.evaluate('document.documentElement.scrollWidth');
      console.log(`  page width at 390 px: ${String(width)}`);
      if (scheme === 'dark') {
        await page
          .locator('table', { has: page.locator('caption', { hasText: 'Webhooks' }) })
          .getByRole('button', { name: 'Change' })
          .first()
          .click();
        await page.getByRole('dialog').waitFor();
        await page.screenshot({ path: join(OUT, `phone-webhook-templates-${scheme}.png`) });
        console.log(`docs/screenshots/phone-webhook-templates-${scheme}.png`);
      }
      await context.close();
    }
    // The longest languages at phone width: the page must not scroll sideways (looked at, not kept).
    for (const locale of ['de-DE', 'ru-RU', 'fr-FR']) {
      const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark', deviceScaleFactor: 1, locale });
      const page = await context.newPage();
      await page.goto(url + '/');
      await page.locator('input[type=password]').fill(ADMIN.password);
      await page.locator('input[autocomplete=username], input[name=username]').first().fill(ADMIN.username);
      await page.locator('button[type=submit]').first().click();
      await page.waitForLoadState('networkidle');
      await page.goto(url + '/settings');
      await page.locator('.webhook-actions').first().waitFor();
      await page.evaluate(
        "document.querySelector('.webhook-actions')?.closest('section, .card, article')?.scrollIntoView({ block: 'start' })",
      );
      await page.screenshot({ path: join(tmpdir(), `phone-webhooks-${locale}.png`) });
      console.log(`  ${locale}: page width at 390 px: ${String(await page.evaluate('document.documentElement.scrollWidth'))}`);
      await context.close();
    }
    await server.close(5_000);
    store.close();
    rmSync(dir, { recursive: true, force: true });
  } finally {
    await browser.close();
  }
}

void main();
