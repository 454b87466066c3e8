// Webhooks: where joins, leaves, backups and reachability changes are sent (the URL shown
// masked), added and removed.
import { useState } from 'react';
import { useAction } from '../../api/hooks';
import type { BodyOf } from '../../api/operations';
import { Card } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { createWebhook, removeWebhook, useWebhooks } from './api';

export function WebhooksCard() {
  const hooks = useWebhooks();
  const [form, setForm] = useState<BodyOf<'createWebhook'>>({ format: 'discord', url: '' });
  const add = useAction();
  const del = useAction();
  const create = async () => {
    if ((await add.run(() => createWebhook(form))) !== undefined) {
      setForm({ format: 'discord', url: '' });
      hooks.reload();
    }
  };
  const remove = async (id: string) => {
    if ((await del.run(() => removeWebhook(id))) !== undefined) hooks.reload();
  };
  return (
    <Card title="Webhooks">
      <p className="muted small">Joins, leaves, backups and reachability changes are sent to each webhook as they happen.</p>
      <ErrorNote error={del.error} />
      <Async r={hooks} what="Reading webhooks">
        {(rows) => (
          <DataTable
            caption="Webhooks"
            rows={rows}
            rowKey={(w) => w.id}
            empty="No webhooks."
            columns={[
              { key: 'format', label: 'Format', render: (w) => w.format },
              { key: 'url', label: 'URL', render: (w) => <code className="small">{w.urlHint}</code> },
              {
                key: 'x',
                label: 'Remove',
                render: (w) => (
                  <button type="button" className="link danger-text" onClick={() => void remove(w.id)}>
                    Remove
                  </button>
                ),
              },
            ]}
          />
        )}
      </Async>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
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
        <button type="submit" disabled={add.busy}>
          Add
        </button>
      </form>
      <ErrorNote error={add.error} />
    </Card>
  );
}
