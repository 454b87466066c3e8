// Webhooks: where joins, leaves, backups, reachability changes, kicks and bans are sent (the URL
// shown masked, the kinds chosen per webhook), added, changed, tried with a test message and
// removed.
import { useState } from 'react';
import { useAction } from '../../api/hooks';
import type { BodyOf } from '../../api/operations';
import type { WebhookEventKind } from '../../../../src/contract/vocabulary';
import { DEFAULT_WEBHOOK_EVENTS } from '../../../../src/contract/vocabulary';
import { Badge, Card } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { createWebhook, removeWebhook, testWebhook, updateWebhook, useWebhooks } from './api';
import { EventChoice, eventsWords } from './WebhookEvents';
import './settings.css';

type Tested = { id: string; delivered: boolean; status: number | null; error: string | null };

const blank = (): BodyOf<'createWebhook'> => ({ format: 'discord', url: '', events: [...DEFAULT_WEBHOOK_EVENTS] });

export function WebhooksCard() {
  const hooks = useWebhooks();
  const [editing, setEditing] = useState<{ id: string; events: WebhookEventKind[] } | null>(null);
  const [tested, setTested] = useState<Tested | null>(null);
  const del = useAction();
  const test = useAction();
  const edit = useAction();
  const remove = async (id: string) => {
    if ((await del.run(() => removeWebhook(id))) !== undefined) hooks.reload();
  };
  const tryIt = async (id: string) => {
    setTested(null);
    const r = await test.run(() => testWebhook(id));
    if (r !== undefined) setTested({ id, ...r.data });
  };
  const save = async () => {
    if (editing && (await edit.run(() => updateWebhook(editing.id, editing.events))) !== undefined) {
      setEditing(null);
      hooks.reload();
    }
  };
  return (
    <Card title="Webhooks">
      <p className="muted small">
        Each webhook gets the kinds of event it was given, as they happen: joins, leaves, backups and reachability by default; kicks and
        bans when chosen.
      </p>
      <ErrorNote error={del.error ?? test.error} />
      {tested && <TestResult r={tested} />}
      <Async r={hooks} what="Reading webhooks">
        {(rows) => (
          <DataTable
            caption="Webhooks"
            rows={rows}
            rowKey={(w) => w.id}
            empty="No webhooks. Add one below: a Discord channel's webhook URL, or any URL that takes JSON."
            columns={[
              {
                // Its format and where it goes in one column, so a phone keeps three.
                key: 'url',
                label: 'Webhook',
                render: (w) => (
                  <>
                    {w.format === 'discord' ? 'Discord' : 'JSON'}
                    <br />
                    <code className="small breakable">{w.urlHint}</code>
                  </>
                ),
              },
              { key: 'events', label: 'Sends', render: (w) => eventsWords(w.events) },
              {
                key: 'x',
                label: 'Actions',
                render: (w) => (
                  <span className="row-actions webhook-actions">
                    <button type="button" className="link" disabled={test.busy} onClick={() => void tryIt(w.id)}>
                      {test.busy ? 'Sending…' : 'Send a test'}
                    </button>
                    <button type="button" className="link" onClick={() => setEditing({ id: w.id, events: [...w.events] })}>
                      Change
                    </button>
                    <button type="button" className="link danger-text" onClick={() => void remove(w.id)}>
                      Remove
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Async>
      <AddWebhook onAdded={hooks.reload} />
      <Dialog
        open={editing !== null}
        title="What this webhook sends"
        confirm="Save"
        busy={edit.busy}
        error={edit.error}
        onConfirm={() => void save()}
        onClose={() => setEditing(null)}
      >
        {editing && <EventChoice legend="Sends" value={editing.events} onChange={(events) => setEditing({ ...editing, events })} />}
        {editing?.events.length === 0 && <p className="muted small">Choose at least one kind, or remove the webhook.</p>}
      </Dialog>
    </Card>
  );
}

/** The add form: format, URL and the kinds it sends (the public ones ticked). */
function AddWebhook({ onAdded }: { onAdded: () => void }) {
  const [form, setForm] = useState(blank);
  const add = useAction();
  const create = async () => {
    if ((await add.run(() => createWebhook(form))) !== undefined) {
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
            label="Webhook format"
            value={form.format}
            onChange={(e) => setForm({ ...form, format: e.target.value as typeof form.format })}
          >
            <option value="discord">Discord</option>
            <option value="json">JSON</option>
          </SelectField>
          <Field
            hideLabel
            label="Webhook URL"
            type="url"
            placeholder="https://discord.com/api/webhooks/…"
            required
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
          />
        </div>
        <EventChoice legend="Sends" value={form.events ?? []} onChange={(events) => setForm({ ...form, events })} />
        <button type="submit" disabled={add.busy || (form.events ?? []).length === 0}>
          Add
        </button>
      </form>
      <ErrorNote error={add.error} />
    </>
  );
}

function TestResult({ r }: { r: Tested }) {
  if (r.delivered)
    return (
      <p role="status">
        <Badge tone="ok">sent</Badge> The test message reached webhook {r.id}: it answered HTTP {r.status}.
      </p>
    );
  return (
    <p role="status">
      <Badge tone="bad">not sent</Badge> Webhook {r.id}: {r.status !== null ? `the target answered HTTP ${r.status}` : r.error}.
    </p>
  );
}
