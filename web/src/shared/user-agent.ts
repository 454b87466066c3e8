// A browser's User-Agent in a person's words, for the sessions list: "Firefox 128 on Linux",
// "Safari 17.5 on iPhone". Read from the text only (never run), best effort: what it does not
// recognise it says as "Unknown browser" (the words from the `ui` catalog, through format.ts).
import { uiText } from './format';

const SYSTEMS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/iPhone OS (\d+)[._](\d+)/, (m) => `iPhone (iOS ${m[1]}.${m[2]})`],
  [/iPad; CPU OS (\d+)[._](\d+)/, (m) => `iPad (iPadOS ${m[1]}.${m[2]})`],
  [/Android (\d+(?:\.\d+)?)/, (m) => `Android ${m[1]}`],
  [/Windows NT 10\.0/, () => 'Windows'],
  [/Windows NT (\d+\.\d+)/, (m) => `Windows NT ${m[1]}`],
  [/CrOS/, () => 'ChromeOS'],
  [/Mac OS X (\d+)[._](\d+)/, (m) => `macOS ${m[1]}.${m[2]}`],
  [/Macintosh/, () => 'macOS'],
  [/Linux/, () => 'Linux'],
];

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+(?:\.\d+)?).*Safari\//, 'Safari'],
  [/^curl\/(\S+)/, 'curl'],
];

/** The browser (name and version) and the system it runs on, each null when not recognised. */
export function readAgent(ua: string | null): { browser: string | null; system: string | null } {
  if (!ua) return { browser: null, system: null };
  let browser: string | null = null;
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  for (const [re, say] of SYSTEMS) {
    const m = re.exec(ua);
    if (m) return { browser, system: say(m) };
  }
  return { browser, system: null };
}

export function describeAgent(ua: string | null): string {
  const { browser, system } = readAgent(ua);
  const b = browser ?? uiText('ui.agent.unknown');
  return system ? uiText('ui.agent.on', { browser: b, system }) : b;
}
