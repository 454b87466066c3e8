// Headless Chromium for the web UI's tests: Debian's `chromium` (or PALPANEL_CHROMIUM) driven
// by playwright-core, and axe-core run inside the page. The page's CSP forbids inline scripts,
// so axe goes in through the DevTools protocol (page.evaluate), which the CSP does not govern.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM =
  process.env.PALPANEL_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? null;

export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) throw new Error("no chromium: install Debian's chromium (apt-get install chromium) or set PALPANEL_CHROMIUM");
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's WCAG 2 A/AA rules on the page as it is; findings of `serious` or `critical` impact. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    // This runs in the page; the test's own types have no DOM, so the page's globals are typed here.
    const { axe, document } = globalThis as unknown as {
      document: object;
      axe: {
        run: (
          ctx: object,
          o: object,
        ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
