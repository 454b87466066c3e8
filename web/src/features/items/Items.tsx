// Item grants through PalDefender: shown only when the capability probe says items can be
// given; otherwise the reason, in words. The grant form lives on each online player's page too.
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ago } from '../../shared/format';
import { useGameName } from '../../i18n/game-names';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { Link, useTitle } from '../../shared/router';
import { Badge, Card, PageHead } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, Empty, ErrorNote } from '../../ui/states';
import { grantItems, useItemCapability, useItemCatalog, useItemGrants, useOnlinePlayers } from './api';

/** Who gave: a user's name, the shell or palpanel itself. */
function byWords(actor: string, t: (id: string) => string): string {
  if (actor.startsWith('user:')) return actor.slice(5);
  if (actor === 'cli') return t('items.by.cli');
  return actor === 'system' ? 'palpanel' : actor;
}

export function Items() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const name = useGameName();
  useTitle(t('items.title'));
  const cap = useItemCapability();
  const grants = useItemGrants();
  const online = useOnlinePlayers({ refreshMs: 15000 });
  const [uid, setUid] = useState('');
  const now = useNow();
  return (
    <>
      <PageHead title={t('items.title')} />
      <Async r={cap} what={t('items.asking')}>
        {(c) =>
          !c.capable ? (
            <Card title={t('items.cannot')}>
              {/* The server's words, no message id yet: English (the walk knows it by data-server-text). */}
              <p data-server-text>{c.reason}</p>
              <button type="button" onClick={cap.reload}>
                {t('items.askAgain')}
              </button>
            </Card>
          ) : (
            <div className="grid">
              <Card title={t('items.give')}>
                <p className="muted small" data-server-text>
                  {c.reason}
                </p>
                {/* The id: the browser tests find the picker by it. */}
                <SelectField label={t('items.player')} value={uid} onChange={(e) => setUid(e.target.value)}>
                  <option value="">{t('items.choose')}</option>
                  {online.data?.map((p) => (
                    <option key={p.uid} value={p.uid}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
                {online.data?.length === 0 && <Empty>{t('items.nobody')}</Empty>}
                {uid && <GrantForm uid={uid} onGranted={grants.reload} />}
              </Card>
              <Card title={t('items.grants')} className="wide-card">
                <Async r={grants} what={t('items.reading')}>
                  {(g) => (
                    <DataTable
                      caption={t('items.title')}
                      rows={g.data}
                      rowKey={(x) => String(x.id)}
                      empty={t('items.empty')}
                      columns={[
                        { key: 'at', label: t('items.col.when'), sort: (x) => x.at, render: (x) => ago(x.at, now) },
                        {
                          key: 'to',
                          label: t('items.col.to'),
                          sort: (x) => x.playerName,
                          render: (x) => (
                            <Link href={`/players/${x.uid}`} translate="no">
                              {x.playerName}
                            </Link>
                          ),
                        },
                        {
                          key: 'items',
                          label: t('items.col.items'),
                          render: (x) => (
                            <span title={x.items.map((i) => i.itemId).join(', ')}>
                              {intl.formatList(
                                x.items.map((i) =>
                                  intl.formatMessage({ id: 'items.times' }, { count: i.count, item: name('item', i.itemId) }),
                                ),
                                { type: 'unit' },
                              )}
                            </span>
                          ),
                        },
                        {
                          key: 'outcome',
                          label: t('items.col.outcome'),
                          sort: (x) => x.outcome,
                          render: (x) => <Badge tone={x.outcome === 'granted' ? 'ok' : 'bad'}>{t(`items.outcome.${x.outcome}`)}</Badge>,
                        },
                        {
                          key: 'by',
                          label: t('items.col.by'),
                          wide: true,
                          render: (x) => <span title={x.actor}>{byWords(x.actor, t)}</span>,
                        },
                        { key: 'detail', label: t('items.col.detail'), wide: true, render: (x) => x.detail },
                      ]}
                    />
                  )}
                </Async>
              </Card>
            </div>
          )
        }
      </Async>
    </>
  );
}

/** Up to 20 items, each 1 to 9,999, picked from the catalog (or any id of the right shape). */
export function GrantForm({ uid, onGranted }: { uid: string; onGranted?: () => void }) {
  const [search, setSearch] = useState('');
  const catalog = useItemCatalog(search);
  const [picked, setPicked] = useState<{ itemId: string; count: number }[]>([]);
  const [itemId, setItemId] = useState('');
  const [amount, setAmount] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const give = useAction();
  const suggestions = useId();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const name = useGameName();
  const add = () => {
    const id = itemId.trim();
    if (!/^[A-Za-z0-9_]{1,64}$/.test(id) || picked.length >= 20) return;
    setPicked([...picked.filter((p) => p.itemId !== id), { itemId: id, count: amount }]);
    setItemId('');
    setAmount(1);
  };
  const submit = async () => {
    setDone(null);
    if ((await give.run(() => grantItems(uid, picked))) !== undefined) {
      setDone(t('items.given', { items: picked.map((p) => `${p.count} × ${p.itemId}`).join(', ') }));
      setPicked([]);
      onGranted?.();
    }
  };
  return (
    <div className="grant">
      <div className="row">
        <Field
          fieldClass="field grow"
          label={t('items.itemId')}
          list={suggestions}
          value={itemId}
          placeholder={intl.formatMessage({ id: 'items.give.itemExample' })}
          onChange={(e) => {
            setItemId(e.target.value);
            setSearch(e.target.value);
          }}
        />
        {/* Never drawn (a datalist), so it takes no place in the row. */}
        <datalist id={suggestions}>
          {catalog.data?.map((i) => (
            <option key={i.id} value={i.id}>
              {name('item', i.id, i.name)}
            </option>
          ))}
        </datalist>
        <Field
          fieldClass="field narrow"
          label={t('items.count')}
          type="number"
          min={1}
          max={9999}
          value={amount}
          onChange={(e) => setAmount(Math.max(1, Math.min(9999, Number(e.target.value) || 1)))}
        />
        <button type="button" onClick={add} disabled={!itemId.trim() || picked.length >= 20}>
          {t('items.add')}
        </button>
      </div>
      {picked.length > 0 && (
        <ul className="plain">
          {picked.map((p) => (
            <li key={p.itemId}>
              {p.count} × <code>{p.itemId}</code>{' '}
              <button type="button" className="link" onClick={() => setPicked(picked.filter((x) => x !== p))}>
                {t('items.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorNote error={give.error} />
      {done && <p role="status">{done}</p>}
      <button type="button" className="primary" disabled={picked.length === 0 || give.busy} onClick={() => void submit()}>
        {give.busy ? t('items.giving') : t('items.giveN', { count: picked.length })}
      </button>
    </div>
  );
}
