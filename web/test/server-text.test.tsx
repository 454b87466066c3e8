// @vitest-environment jsdom
// A server message's figures in the UI's language: the crash watcher sends "5 min 20 s" in
// English with `downSec` beside it, and a Chinese screen says the duration in Chinese.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { setFormat } from '../src/shared/format';
import { useServerText, type ServerText } from '../src/i18n/server-text';
import { messagesOf, renderIntl } from './render-intl';

function Said({ m }: { m: ServerText }) {
  const text = useServerText();
  return <p>{text(m)}</p>;
}

function inLanguage(locale: string) {
  setFormat({ locale, intl: createIntl({ locale, messages: messagesOf(locale) }), pseudo: false });
}

afterEach(() => setFormat({ locale: 'en', intl: null, pseudo: false }));

describe('useServerText', () => {
  it('says a <name>Sec param as a duration in the UI language', () => {
    inLanguage('zh-Hans');
    const m = {
      message: 'The game server is back after a crash (down 5 min 20 s).',
      messageId: 'event.crash.returned',
      params: { down: '5 min 20 s', downSec: 320 },
    };
    renderIntl(<Said m={m} />, { language: 'zh-Hans' });
    const said = screen.getByText(/游戏服务器已从崩溃中恢复/).textContent ?? '';
    expect(said).not.toMatch(/min|\bs\b/);
    expect(said).toContain('停机 5分钟');
  });

  it('says a <name>Bytes param as a size in the UI language; a param without a figure stays', () => {
    inLanguage('de');
    const m = {
      message: 'x',
      messageId: 'event.crash',
      params: { cause: 'process_gone', hasUptime: 'no', uptime: '', hasMemory: 'yes', memory: '6.3 GiB', memoryBytes: 6_500_000_000 },
    };
    renderIntl(<Said m={m} />, { language: 'de' });
    const said = screen.getByText(/Spielserver/).textContent ?? '';
    expect(said).toMatch(/6,5\sGB belegt/);
    expect(said).not.toContain('6.3 GiB');
  });
});
