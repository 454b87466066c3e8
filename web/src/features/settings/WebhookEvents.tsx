// The event kinds a webhook receives, as checkboxes (the add form and a row's "Change"), and in
// words for the list.
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '../../../../src/contract/vocabulary';
import { CheckField } from '../../ui/fields';

export const EVENT_WORDS: Record<WebhookEventKind, string> = {
  join: 'joins',
  leave: 'leaves',
  backup: 'backups',
  system: 'reachability',
  kick: 'kicks',
  ban: 'bans',
  crash: 'crashes',
  restart: 'restarts',
};

export const eventsWords = (events: readonly WebhookEventKind[]) => events.map((k) => EVENT_WORDS[k]).join(', ');

export function EventChoice({
  value,
  onChange,
  legend,
}: {
  value: readonly WebhookEventKind[];
  onChange: (v: WebhookEventKind[]) => void;
  legend: string;
}) {
  return (
    <fieldset className="webhook-events">
      <legend>{legend}</legend>
      {WEBHOOK_EVENT_KINDS.map((k) => (
        <CheckField
          key={k}
          label={EVENT_WORDS[k]}
          checked={value.includes(k)}
          onChange={(e) => onChange(WEBHOOK_EVENT_KINDS.filter((x) => (x === k ? e.target.checked : value.includes(x))))}
        />
      ))}
    </fieldset>
  );
}
