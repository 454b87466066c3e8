// @vitest-environment jsdom
// The webhook templates' editor (issue 41): each chosen kind's text with its preview, filled by the
// same code the server fills them with; a changed text kept as the webhook's own, the default
// dropped back to; the words in the UI's language.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookEventKind } from '../../src/contract/vocabulary';
import { WebhookTemplates } from '../src/features/settings/WebhookTemplates';
import { renderIntl } from './render-intl';

type Templates = Partial<Record<WebhookEventKind, string>>;

function Editor({ seen }: { seen: Templates[] }) {
  const [value, setValue] = useState<Templates>({});
  return (
    <WebhookTemplates
      kinds={['join', 'kick']}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

afterEach(() => cleanup());

describe('WebhookTemplates', () => {
  it('previews each kind as it will be sent, keeps an own text, and goes back to the default', () => {
    const seen: Templates[] = [];
    renderIntl(<Editor seen={seen} />);
    expect(screen.getByText('Preview: Mallory joined Pal Island (3/32 online)')).toBeTruthy();
    expect(screen.getByText('Preview: Mallory was kicked from Pal Island: AFK')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('joins'), { target: { value: '{player} is here! {players}/{max} {unknown}' } });
    expect(screen.getByText('Preview: Mallory is here! 3/32 {unknown}')).toBeTruthy();
    expect(seen.at(-1)).toEqual({ join: '{player} is here! {players}/{max} {unknown}' });
    fireEvent.click(screen.getByRole('button', { name: 'Use the default' }));
    expect(seen.at(-1)).toEqual({});
    expect(screen.getByText('Preview: Mallory joined Pal Island (3/32 online)')).toBeTruthy();
  });

  it('speaks the UI language', () => {
    renderIntl(<Editor seen={[]} />, { language: 'de' });
    expect(screen.getByText('Nachricht je Art')).toBeTruthy();
    expect(screen.getByLabelText('Beitritte')).toBeTruthy();
  });
});
