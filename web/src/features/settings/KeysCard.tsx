// Integration API keys: made with a label, the plaintext shown once (with a copy button), revoked
// after a question.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
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
    <Card title={t('settings.keys.title')} className="wide-card">
      <p className="muted small">{t('settings.keys.about')}</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Field
          hideLabel
          label={t('settings.keys.newLabel')}
          placeholder={t('settings.keys.newPlaceholder')}
          maxLength={64}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <button type="submit" className="primary" disabled={!label.trim() || make.busy}>
          {t('settings.keys.create')}
        </button>
      </form>
      <ErrorNote error={make.error} />
      {/* Keyed by the key: a new one starts not copied. */}
      {created && <NewKey key={created.key} created={created} onDone={() => setCreated(null)} />}
      <Async r={keys} what={t('settings.keys.reading')}>
        {(rows) => (
          <DataTable
            caption={t('settings.keys.title')}
            rows={rows}
            rowKey={(k) => k.id}
            empty={t('settings.keys.empty')}
            columns={[
              {
                key: 'label',
                label: t('settings.keys.col.label'),
                sort: (k) => k.label,
                render: (k) => <span translate="no">{k.label}</span>,
              },
              { key: 'id', label: t('settings.keys.col.id'), wide: true, render: (k) => <code>{k.id}</code> },
              { key: 'made', label: t('settings.keys.col.made'), wide: true, sort: (k) => k.createdAt, render: (k) => when(k.createdAt) },
              { key: 'used', label: t('settings.keys.col.used'), sort: (k) => k.lastUsedAt ?? '', render: (k) => ago(k.lastUsedAt, now) },
              {
                key: 'state',
                label: t('settings.keys.col.state'),
                render: (k) =>
                  k.revokedAt ? (
                    // The time beside the badge, not in it: a badge does not wrap, and the
                    // column must fit a phone.
                    <>
                      <Badge>{t('settings.keys.revoked')}</Badge> <span className="muted small">{ago(k.revokedAt, now)}</span>
                    </>
                  ) : (
                    <button type="button" className="link danger-text" onClick={() => setRevoking(k)}>
                      {t('settings.keys.revoke')}
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Async>
      <Dialog
        open={revoking !== null}
        title={t('settings.keys.revokeTitle', { label: revoking?.label ?? '' })}
        confirm={t('settings.keys.revoke')}
        danger
        busy={rev.busy}
        error={rev.error}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      >
        <p>{t('settings.keys.revokeBody')}</p>
      </Dialog>
    </Card>
  );
}

/** A key just made: shown once, with a copy button. */
function NewKey({ created, onDone }: { created: { label: string; key: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const intl = useIntl();
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
        <FormattedMessage id="settings.keys.newKey" values={{ label: created.label, b: (c) => <strong>{c}</strong> }} />
      </p>
      <code className="key" data-testid="new-key">
        {created.key}
      </code>
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          {intl.formatMessage({ id: copied ? 'settings.keys.copied' : 'settings.keys.copy' })}
        </button>
        <button type="button" onClick={onDone}>
          {intl.formatMessage({ id: 'settings.keys.done' })}
        </button>
      </div>
    </div>
  );
}
