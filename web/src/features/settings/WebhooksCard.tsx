// Webhooks: where events are sent (Discord, Slack-compatible, ntfy or signed JSON), the URL
// shown masked once saved, the kinds and templates chosen per webhook, Discord's live status card,
// why the last delivery failed; added, changed, tried with a test message and removed.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAction } from '../../api/hooks';
import type { BodyOf } from '../../api/operations';
import { DEFAULT_WEBHOOK_EVENTS, type WebhookEventKind, type WebhookFormat } from '../../../../src/contract/vocabulary';
import { Badge, Card } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { CheckField, Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { createWebhook, removeWebhook, testWebhook, useWebhooks } from './api';
import { changeWebhook } from './webhook-api';
import { EventChoice, eventsWords } from './WebhookEvents';
import { WebhookTemplates } from './WebhookTemplates';
import './settings.css';

type Tested = { id: string; delivered: boolean; status: number | null; error: string | null };
type Editing = {
  id: string;
  format: WebhookFormat;
  events: WebhookEventKind[];
  templates: Partial<Record<WebhookEventKind, string>>;
  statusCard: boolean;
};

const FORMATS: WebhookFormat[] = ['discord', 'slack', 'ntfy', 'json'];
const blank = (): BodyOf<'createWebhook'> => ({ format: 'discord', url: '', events: [...DEFAULT_WEBHOOK_EVENTS], statusCard: false });

export function WebhooksCard() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: `webhooks.${id}` }, v);
  const hooks = useWebhooks();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [tested, setTested] = useState<Tested | null>(null);
  const del = useAction();
  const test = useAction();
  const remove = async (id: string) => {
    if ((await del.run(() => removeWebhook(id))) !== undefined) hooks.reload();
  };
  const tryIt = async (id: string) => {
    setTested(null);
    const r = await test.run(() => testWebhook(id));
    if (r !== undefined) {
      setTested({ id, ...r.data });
      hooks.reload();
    }
  };
  return (
    <Card title={t('title')}>
      <p className="muted small">{t('intro')}</p>
      <ErrorNote error={del.error ?? test.error} />
      {tested && <TestResult r={tested} />}
      <Async r={hooks} what={t('reading')}>
        {(rows) => (
          <DataTable
            caption={t('title')}
            rows={rows}
            rowKey={(w) => w.id}
            empty={t('empty')}
            columns={[
              {
                // Its format and where it goes in one column, so a phone keeps three.
                key: 'url',
                label: t('column.webhook'),
                render: (w) => (
                  <>
                    {t(`format.${w.format}`)} {w.statusCard && <Badge tone="ok">{t('card.badge')}</Badge>}
                    {w.signed && <Badge tone="ok">{t('signed.badge')}</Badge>}
                    <br />
                    <code className="small breakable">{w.urlHint}</code>
                    {w.lastError && (
                      <span className="small breakable danger-text" role="note">
                        <br />
                        {t('lastError', { text: w.lastError.text })}
                      </span>
                    )}
                  </>
                ),
              },
              { key: 'events', label: t('column.sends'), render: (w) => eventsWords(intl, w.events) },
              {
                key: 'x',
                label: t('column.actions'),
                render: (w) => (
                  <span className="row-actions webhook-actions">
                    <button type="button" className="link" disabled={test.busy} onClick={() => void tryIt(w.id)}>
                      {test.busy ? t('sending') : t('test')}
                    </button>
                    <button
                      type="button"
                      className="link"
                      onClick={() =>
                        setEditing({
                          id: w.id,
                          format: w.format,
                          events: [...w.events],
                          templates: { ...w.templates },
                          statusCard: w.statusCard,
                        })
                      }
                    >
                      {t('change')}
                    </button>
                    <button type="button" className="link danger-text" onClick={() => void remove(w.id)}>
                      {t('remove')}
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Async>
      <AddWebhook onAdded={hooks.reload} />
      <EditWebhook editing={editing} setEditing={setEditing} onSaved={hooks.reload} />
    </Card>
  );
}

/** The add form: format, URL, the kinds it sends (the public ones ticked), Discord's status card
 * and JSON's secret. */
function AddWebhook({ onAdded }: { onAdded: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `webhooks.${id}` });
  const [form, setForm] = useState(blank);
  const add = useAction();
  const create = async () => {
    const body = {
      ...form,
      statusCard: form.format === 'discord' ? form.statusCard : undefined,
      secret: form.format === 'json' && form.secret ? form.secret : undefined,
    };
    if ((await add.run(() => createWebhook(body))) !== undefined) {
      setForm(blank());
      onAdded();
    }
  };
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <div className="inline-form">
          <SelectField
            hideLabel
            label={t('add.format')}
            value={form.format}
            onChange={(e) => setForm({ ...form, format: e.target.value as WebhookFormat })}
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`format.${f}`)}
              </option>
            ))}
          </SelectField>
          <Field
            hideLabel
            label={t('add.url')}
            type="url"
            placeholder={t(`add.placeholder.${form.format}`)}
            required
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
          />
        </div>
        <EventChoice legend={t('column.sends')} value={form.events ?? []} onChange={(events) => setForm({ ...form, events })} />
        {form.format === 'discord' && (
          <CheckField
            label={t('card.label')}
            checked={form.statusCard ?? false}
            onChange={(e) => setForm({ ...form, statusCard: e.target.checked })}
          />
        )}
        {form.format === 'json' && (
          <Field
            label={t('add.secret')}
            type="password"
            autoComplete="off"
            minLength={16}
            maxLength={256}
            value={form.secret ?? ''}
            onChange={(e) => setForm({ ...form, secret: e.target.value })}
          />
        )}
        <p className="muted small">{t(`add.help.${form.format}`)}</p>
        <button type="submit" disabled={add.busy || (form.events ?? []).length === 0}>
          {t('add.submit')}
        </button>
      </form>
      <ErrorNote error={add.error} />
    </>
  );
}

/** The "Change" dialog: the kinds, Discord's status card and the templates with their preview. */
function EditWebhook({
  editing,
  setEditing,
  onSaved,
}: {
  editing: Editing | null;
  setEditing: (e: Editing | null) => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `webhooks.${id}` });
  const edit = useAction();
  const save = async () => {
    if (!editing) return;
    const body = {
      events: editing.events,
      // An emptied text means the default again.
      templates: Object.fromEntries(Object.entries(editing.templates).filter(([, v]) => v !== undefined && v.trim() !== '')),
      ...(editing.format === 'discord' ? { statusCard: editing.statusCard } : {}),
    };
    if ((await edit.run(() => changeWebhook(editing.id, body))) !== undefined) {
      setEditing(null);
      onSaved();
    }
  };
  return (
    <Dialog
      open={editing !== null}
      title={t('edit.title')}
      confirm={t('edit.save')}
      busy={edit.busy}
      error={edit.error}
      onConfirm={() => void save()}
      onClose={() => setEditing(null)}
    >
      {editing && (
        <>
          <EventChoice legend={t('column.sends')} value={editing.events} onChange={(events) => setEditing({ ...editing, events })} />
          {editing.events.length === 0 && <p className="muted small">{t('edit.none')}</p>}
          {editing.format === 'discord' && (
            <CheckField
              label={t('card.label')}
              checked={editing.statusCard}
              onChange={(e) => setEditing({ ...editing, statusCard: e.target.checked })}
            />
          )}
          <WebhookTemplates
            kinds={editing.events}
            value={editing.templates}
            onChange={(templates) => setEditing({ ...editing, templates })}
          />
        </>
      )}
    </Dialog>
  );
}

function TestResult({ r }: { r: Tested }) {
  const intl = useIntl();
  if (r.delivered)
    return (
      <p role="status">
        <Badge tone="ok">{intl.formatMessage({ id: 'webhooks.test.sent' })}</Badge>{' '}
        {intl.formatMessage({ id: 'webhooks.test.reached' }, { id: r.id, status: r.status ?? 0 })}
      </p>
    );
  return (
    <p role="status">
      <Badge tone="bad">{intl.formatMessage({ id: 'webhooks.test.notSent' })}</Badge>{' '}
      {r.status !== null
        ? intl.formatMessage({ id: 'webhooks.test.answered' }, { id: r.id, status: r.status })
        : intl.formatMessage({ id: 'webhooks.test.failed' }, { id: r.id, error: r.error ?? '' })}
    </p>
  );
}
