// Integration API keys: made with a label, the plaintext shown once (with a copy button), revoked
// after a question.
import { useState } from 'react';
import { ago, when } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import type { KeyRecord } from '../../types';
import { Badge, Card } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { createKey, revokeKey, useKeys } from './api';

export function KeysCard() {
  const keys = useKeys();
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<{ label: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<KeyRecord | null>(null);
  const make = useAction();
  const rev = useAction();
  const now = useNow();
  const create = async () => {
    const k = await make.run(() => createKey(label.trim()));
    if (k) {
      setCreated({ label: k.label, key: k.key });
      setLabel('');
      keys.reload();
    }
  };
  const revoke = async () => {
    if (revoking && (await rev.run(() => revokeKey(revoking.id))) !== undefined) {
      setRevoking(null);
      keys.reload();
    }
  };
  return (
    <Card title="Integration API keys" className="wide-card">
      <p className="muted small">
        Bots, status pages and dashboards read the Integration API with a key. A key is shown once, when it is made.
      </p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Field
          hideLabel
          label="Label of the new key"
          placeholder="Label, e.g. discord bot"
          maxLength={64}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <button type="submit" className="primary" disabled={!label.trim() || make.busy}>
          Create key
        </button>
      </form>
      <ErrorNote error={make.error} />
      {/* Keyed by the key: a new one starts not copied. */}
      {created && <NewKey key={created.key} created={created} onDone={() => setCreated(null)} />}
      <Async r={keys} what="Reading keys">
        {(rows) => (
          <DataTable
            caption="Integration API keys"
            rows={rows}
            rowKey={(k) => k.id}
            empty="No keys yet."
            columns={[
              { key: 'label', label: 'Label', sort: (k) => k.label, render: (k) => k.label },
              { key: 'id', label: 'Id', wide: true, render: (k) => <code>{k.id}</code> },
              { key: 'made', label: 'Made', wide: true, sort: (k) => k.createdAt, render: (k) => when(k.createdAt) },
              { key: 'used', label: 'Last used', sort: (k) => k.lastUsedAt ?? '', render: (k) => ago(k.lastUsedAt, now) },
              {
                key: 'state',
                label: 'State',
                render: (k) =>
                  k.revokedAt ? (
                    // The time beside the badge, not in it: a badge does not wrap, and the
                    // column must fit a phone.
                    <>
                      <Badge>revoked</Badge> <span className="muted small">{ago(k.revokedAt, now)}</span>
                    </>
                  ) : (
                    <button type="button" className="link danger-text" onClick={() => setRevoking(k)}>
                      Revoke
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Async>
      <Dialog
        open={revoking !== null}
        title={`Revoke “${revoking?.label ?? ''}”?`}
        confirm="Revoke"
        danger
        busy={rev.busy}
        error={rev.error}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      >
        <p>Its next request is refused. A revoked key cannot be used again.</p>
      </Dialog>
    </Card>
  );
}

/** A key just made: shown once, with a copy button. */
function NewKey({ created, onDone }: { created: { label: string; key: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      // No clipboard (plain http on another host): the key is selectable text.
      setCopied(false);
    }
  };
  return (
    <div className="new-key" role="status">
      <p>
        The key for <strong>{created.label}</strong>. Copy it now: it is not shown again.
      </p>
      <code className="key" data-testid="new-key">
        {created.key}
      </code>
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
