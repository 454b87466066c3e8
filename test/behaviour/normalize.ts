// Makes a recording of HTTP exchanges and command outputs independent of when and where it was
// made, without touching what the code under test decides. What differs between two runs of the
// same code is replaced by a placeholder:
//   - times of this run (ISO 8601 within the run's window, HTTP dates) → `<time>`, `<date>`;
//     times outside the window (the fixtures' own, the saves') are content and stay;
//   - random ids learned from the answers: key ids and secrets, session tokens and public ids,
//     the ids of webhooks, tasks, saved commands and backups (which also carry a time) →
//     `<kind#n>`, numbered by first appearance, so one id stays one placeholder everywhere;
//   - ETags of bodies that held any of the above → `<etag#n>`; other ETags are content;
//   - the ports and temp folders of this run → `<port#n>`, `<tmp#n>`;
//   - a few counters that follow the wall clock: by member name on the wired server only, and
//     the parse age and duration samples of GET /metrics.
// Learning runs over the whole recording first, so an id sent before it is first answered is
// still replaced.
import { tmpdir } from 'node:os';

/** A value as recorded: UTF-8 text, or base64 when it is not text. */
export interface Shown {
  text: string;
  encoding?: 'base64' | 'archive';
}

export interface Exchange {
  section: string;
  label: string;
  req: { method: string; path: string; headers: Record<string, string>; body?: Shown };
  res: { status: number; headers: Record<string, string>; body: Shown; stream?: boolean };
  /** Members whose numbers follow the wall clock in this exchange's section. */
  volatile?: readonly string[];
  /** When the answer came (ms): this run's times are shown relative to it. */
  at?: number;
}

export interface Window {
  fromMs: number;
  toMs: number;
}

const ISO = /\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)/g;
const HTTP_DATE = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT\b/g;
const BACKUP_ID = /\b\d{8}T\d{6}Z-(?:scheduled|manual|pre-restore|imported)-[0-9a-f]{6}\b/g;
const KEY = /\bsvk_([0-9a-f]{8})_([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;
const SESSION_COOKIE = /\bpalpanel_session=([A-Za-z0-9_-]{16,})/g;
/** Ids the store makes at random (keys, webhooks, tasks, saved commands: 8 hex; sessions: 16). */
const RANDOM_ID = /^(?:[0-9a-f]{8}|[0-9a-f]{16})$/;
/** JSON members whose string value may be such an id. */
const ID_MEMBER = /^(?:id|[a-z]+Id|target|savedId)$/;

/** Prometheus samples (GET /metrics) that follow the wall clock: the age and duration of a parse. */
const CLOCK_SAMPLES = /^(palpanel_parse_(?:age|duration)_seconds(?:\{[^}\n]*\})?) -?[\d.]+(?:e[-+]?\d+)?$/gm;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Normalizer {
  private readonly learned = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  private pattern: RegExp | null = null;
  private readonly tmpPath: RegExp;

  /**
   * @param window the run's own times: from a little before the first request to a little after
   *   the last, widened forward by what the code adds to now (session lifetimes, retention).
   * @param fixed values that look random but are content (the route tables' examples).
   */
  constructor(
    private readonly window: Window,
    private readonly fixed: ReadonlySet<string>,
  ) {
    this.tmpPath = new RegExp(`${escape(tmpdir())}/[^/\\s"'\\\\]+`, 'g');
  }

  /** The placeholder of a value, made on first sight. */
  learn(raw: string, kind: string): string {
    if (this.fixed.has(raw)) return raw;
    let p = this.learned.get(raw);
    if (p === undefined) {
      const n = (this.counts.get(kind) ?? 0) + 1;
      this.counts.set(kind, n);
      p = `<${kind}#${n}>`;
      this.learned.set(raw, p);
      this.pattern = null;
    }
    return p;
  }

  /** A fixed spelling for a value (e.g. an address of this run) that keeps its surroundings. */
  learnAs(raw: string, placeholder: string): void {
    if (!this.learned.has(raw)) {
      this.learned.set(raw, placeholder);
      this.pattern = null;
    }
  }

  /** Learns what varies from one piece of recorded text. */
  scan(text: string): void {
    for (const m of text.matchAll(KEY)) {
      const id = this.learn(m[1], 'key');
      const secret = this.learn(m[2], 'secret');
      this.learnAs(m[0], `svk_${id}_${secret}`);
    }
    for (const m of text.matchAll(SESSION_COOKIE)) this.learn(m[1], 'token');
    for (const m of text.matchAll(BACKUP_ID)) this.learn(m[0], 'backup');
    for (const m of text.matchAll(this.tmpPath)) this.learn(m[0], 'tmp');
    const t = text.trimStart();
    if (t.startsWith('{') || t.startsWith('[')) {
      try {
        this.scanJson(JSON.parse(text));
      } catch {
        // not JSON after all: the patterns above were all there was to learn
      }
    }
  }

  private scanJson(v: unknown): void {
    if (Array.isArray(v)) for (const x of v) this.scanJson(x);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string' && ID_MEMBER.test(k) && RANDOM_ID.test(x)) this.learn(x, x.length === 16 ? 'sid' : 'id');
        else this.scanJson(x);
      }
    }
  }

  /**
   * A time of this run, relative to `at` (when its answer came): `<time>` within half an hour
   * of it, else its offset in whole hours or days (`<time+7d>`: a session's expiry, `<time-1h>`:
   * the start of a default range), so that a changed lifetime or range still shows.
   */
  private time(t: number, at: number | undefined): string {
    const HOUR = 3_600_000;
    const d = at === undefined ? 0 : t - at;
    if (Math.abs(d) < HOUR / 2) return '<time>';
    const h = Math.round(Math.abs(d) / HOUR);
    return `<time${d < 0 ? '-' : '+'}${h % 24 === 0 ? `${h / 24}d` : `${h}h`}>`;
  }

  /** The text with everything learned, this run's times and dates, and `volatile` members replaced. */
  text(s: string, volatile: readonly string[] = [], at?: number): string {
    if (this.learned.size > 0) {
      this.pattern ??= new RegExp(
        `(?<![A-Za-z0-9])(?:${[...this.learned.keys()]
          .sort((a, b) => b.length - a.length)
          .map(escape)
          .join('|')})(?![A-Za-z0-9])`,
        'g',
      );
      s = s.replace(this.pattern, (m) => this.learned.get(m) ?? m);
    }
    s = s.replace(ISO, (m) => {
      const t = Date.parse(m);
      return t >= this.window.fromMs && t <= this.window.toMs ? this.time(t, at) : m;
    });
    s = s.replace(HTTP_DATE, '<date>');
    s = s.replace(CLOCK_SAMPLES, '$1 <n>');
    for (const member of volatile) {
      s = s.replace(new RegExp(`("${escape(member)}":\\s*)-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?`, 'g'), `$1"<${member}>"`);
    }
    return s;
  }
}

/** One exchange as a JSON line: stable member order, every text normalized. */
export function exchangeLine(n: number, x: Exchange, norm: Normalizer): Record<string, unknown> {
  const vol = x.volatile ?? [];
  const text = (t: string) => norm.text(t, vol, x.at);
  const sortedHeaders = (h: Record<string, string>, bodyChanged: boolean) =>
    Object.fromEntries(
      Object.keys(h)
        .sort()
        .map((k) => [k, k === 'content-length' && bodyChanged ? '<length>' : text(h[k])]),
    );
  const shown = (b: Shown) => ({ ...(b.encoding ? { encoding: b.encoding } : {}), text: text(b.text) });
  const resBody = shown(x.res.body);
  const reqBody = x.req.body ? shown(x.req.body) : undefined;
  return {
    n,
    section: x.section,
    label: text(x.label),
    req: {
      method: x.req.method,
      path: text(x.req.path),
      headers: sortedHeaders(x.req.headers, reqBody !== undefined && reqBody.text !== x.req.body!.text),
      ...(reqBody ? { body: reqBody } : {}),
    },
    res: {
      status: x.res.status,
      headers: sortedHeaders(x.res.headers, resBody.text !== x.res.body.text),
      ...(x.res.stream ? { stream: true } : {}),
      body: resBody,
    },
  };
}

/** Learns from every exchange in order, then ETags of bodies that changed under normalization. */
export function learnAll(xs: readonly Exchange[], norm: Normalizer, extra: readonly string[]): void {
  for (const t of extra) norm.scan(t);
  for (const x of xs) {
    norm.scan(x.req.path);
    for (const v of Object.values(x.req.headers)) norm.scan(v);
    if (x.req.body) norm.scan(x.req.body.text);
    for (const v of Object.values(x.res.headers)) norm.scan(v);
    norm.scan(x.res.body.text);
  }
  for (const x of xs) {
    const etag = x.res.headers.etag;
    // The opaque part: If-None-Match may send it with or without W/.
    if (etag && x.res.body.text !== '' && norm.text(x.res.body.text, x.volatile, x.at) !== x.res.body.text)
      norm.learn(etag.replace(/^W\//, '').replace(/"/g, ''), 'etag');
  }
}
