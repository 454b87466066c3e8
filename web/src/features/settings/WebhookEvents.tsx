// The event kinds a webhook receives, as checkboxes (the add form and a row's "Change"), and in
// words for the list.
import { useIntl, type IntlShape } from 'react-intl';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '../../../../src/contract/vocabulary';
import { CheckField } from '../../ui/fields';

/** A kind's name in the UI's language (catalog ids `webhooks.kind.<kind>`). */
export const kindWord = (intl: IntlShape, k: WebhookEventKind) => intl.formatMessage({ id: `webhooks.kind.${k}` });

export const eventsWords = (intl: IntlShape, events: readonly WebhookEventKind[]) =>
  intl.formatList(
    events.map((k) => kindWord(intl, k)),
    { type: 'unit' },
  );

export function EventChoice({
  value,
  onChange,
  legend,
}: {
  value: readonly WebhookEventKind[];
  onChange: (v: WebhookEventKind[]) => void;
  legend: string;
}) {
  const intl = useIntl();
  return (
    <fieldset className="webhook-events">
      <legend>{legend}</legend>
      {WEBHOOK_EVENT_KINDS.map((k) => (
        <CheckField
          key={k}
          label={kindWord(intl, k)}
          checked={value.includes(k)}
          onChange={(e) => onChange(WEBHOOK_EVENT_KINDS.filter((x) => (x === k ? e.target.checked : value.includes(x))))}
        />
      ))}
    </fieldset>
  );
}
