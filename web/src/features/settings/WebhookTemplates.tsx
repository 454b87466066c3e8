// A webhook's templates, one per kind it receives, with a preview: the same code the server fills
// them with (src/lib/webhook-template.ts), on sample values, so what is shown is what is sent.
import { useIntl } from 'react-intl';
import type { WebhookEventKind } from '../../../../src/contract/vocabulary';
import { defaultTemplate, fillTemplate, MAX_TEMPLATE_CHARS, PLACEHOLDERS } from '../../../../src/lib/webhook-template';
import { kindWord } from './WebhookEvents';
import './webhooks.css';

const SAMPLE = { player: 'Mallory', reason: 'AFK', server: 'Pal Island', players: '3', max: '32', time: '2026-07-14T10:00:00Z' };

export function WebhookTemplates({
  kinds,
  value,
  onChange,
}: {
  kinds: readonly WebhookEventKind[];
  value: Partial<Record<WebhookEventKind, string>>;
  onChange: (v: Partial<Record<WebhookEventKind, string>>) => void;
}) {
  const intl = useIntl();
  const placeholders = PLACEHOLDERS.map((p) => `{${p}}`).join(' ');
  return (
    <fieldset className="webhook-templates">
      <legend>{intl.formatMessage({ id: 'webhooks.templates.legend' })}</legend>
      <p className="muted small">{intl.formatMessage({ id: 'webhooks.templates.help' }, { placeholders })}</p>
      {kinds.map((k) => {
        const own = value[k];
        const text = own ?? defaultTemplate(k);
        const preview = fillTemplate(text, { ...SAMPLE, kind: k, message: intl.formatMessage({ id: 'webhooks.templates.sampleMessage' }) });
        return (
          <div key={k} className="webhook-template">
            <label>
              <span>{kindWord(intl, k)}</span>
              <textarea
                rows={2}
                maxLength={MAX_TEMPLATE_CHARS}
                value={text}
                onChange={(e) => {
                  const next = { ...value };
                  if (e.target.value === defaultTemplate(k)) delete next[k];
                  else next[k] = e.target.value;
                  onChange(next);
                }}
              />
            </label>
            <p className="muted small webhook-preview">
              {intl.formatMessage({ id: 'webhooks.templates.preview' }, { text: preview })}
              {own !== undefined && (
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    const next = { ...value };
                    delete next[k];
                    onChange(next);
                  }}
                >
                  {intl.formatMessage({ id: 'webhooks.templates.reset' })}
                </button>
              )}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
