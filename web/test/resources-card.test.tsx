// @vitest-environment jsdom
// The dashboard's resources card with a scripted fetch (issue 40): a game process the panel can
// see is drawn with its figures and charts; one it cannot see is said in words, its charts say so,
// and a stretch it was not seen is a gap in the line, never a zero.
import { cleanup, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourcesCard } from '../src/features/host/ResourcesCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const host = {
  cpuPercent: 30,
  cores: 4,
  memTotalBytes: 16e9,
  memAvailableBytes: 10e9,
  swapTotalBytes: 0,
  swapFreeBytes: 0,
  load1: 1.5,
  load5: 1,
  load15: 1,
  saveDiskFreeBytes: 1e11,
  saveDiskTotalBytes: 2e11,
  backupDiskFreeBytes: 1e11,
  backupDiskTotalBytes: 2e11,
};
const point = (i: number, rss: number | null) => ({
  at: new Date(Date.parse('2026-11-28T04:00:00Z') + i * 10_000).toISOString(),
  hostCpuPercent: 30,
  memTotalBytes: 16e9,
  memAvailableBytes: 10e9,
  swapUsedBytes: 0,
  load1: 1.5,
  saveDiskFreeBytes: 1e11,
  backupDiskFreeBytes: 1e11,
  gameCpuPercent: rss === null ? null : 120,
  gameRssBytes: rss,
  gameThreads: rss === null ? null : 64,
});

function serve(current: unknown, points: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.includes('/server/resources/history')
          ? json({ data: { from: '2026-11-28T04:00:00Z', to: '2026-11-28T05:00:00Z', stepSec: 1, points } })
          : json({ data: current }),
      ),
    ),
  );
}

describe('the resources card', () => {
  it('draws a visible game process, with a gap where it was not seen', async () => {
    serve(
      {
        at: '2026-11-28T05:00:00Z',
        host,
        game: { pid: 42, cpuSeconds: 9, cpuPercent: 120, rssBytes: 5e9, threads: 64, startedAtMs: 0 },
        gameHidden: null,
      },
      [point(0, 4e9), point(1, 4.1e9), point(2, null), point(3, null), point(4, 3e9), point(5, 3.1e9)],
    );
    const { container } = renderIntl(<ResourcesCard />);
    await screen.findByText('5.0 GB');
    expect(screen.getByText('pid 42 · 64 threads')).toBeTruthy();
    const fig = (await screen.findByText('Game memory (GB)')).closest('figure')!;
    const d = fig.querySelector('path.line')!.getAttribute('d')!;
    // Two strokes (a new M after the gap), and no point drawn at zero.
    expect(d.match(/M/g)).toHaveLength(2);
    expect(fig.textContent).toContain('now 3.1');
    expect(container.textContent).not.toContain('Not visible');
  });

  it('says a process it cannot see in words, and draws no game line', async () => {
    serve({ at: '2026-11-28T05:00:00Z', host, game: null, gameHidden: 'not visible: SERVICE_GAME_PROCESS is not set' }, [
      point(0, null),
      point(1, null),
      point(2, null),
    ]);
    renderIntl(<ResourcesCard />);
    await screen.findByText('Not visible');
    expect(screen.getByText('Game process not visible: SERVICE_GAME_PROCESS is not set.')).toBeTruthy();
    expect(await screen.findByText('Game memory: not visible to palpanel in this period.')).toBeTruthy();
    expect(screen.getByText('Game CPU: not visible to palpanel in this period.')).toBeTruthy();
    expect(screen.queryByText('Game memory (GB)')).toBeNull();
  });
});
