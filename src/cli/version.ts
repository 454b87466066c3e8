// Replaced at bundle time by esbuild `define`; from the checkout it reads package.json.
declare const __PALPANEL_VERSION__: string | undefined;
import { readFileSync } from 'node:fs';

export function palpanelVersion(): string {
  if (typeof __PALPANEL_VERSION__ === 'string') return __PALPANEL_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
