// Item grants through PalDefender: shown only when the capability probe says items can be
// given; otherwise the reason, in words. The grant form lives on each online player's page too.
import { useId, useState } from 'react';
import { ago, count } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { Link, useTitle } from '../../shared/router';
import { Badge, Card, PageHead } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, Empty, ErrorNote } from '../../ui/states';
import { grantItems, useItemCapability, useItemCatalog, useItemGrants, useOnlinePlayers } from './api';
import { actorLabel } from '../../../../src/contract/audit-words';

export function Items() {
  useTitle('Item grants');
  const cap = useItemCapability();
  const grants = useItemGrants();
  const online = useOnlinePlayers({ refreshMs: 15000 });
  const [uid, setUid] = useState('');
  const now = useNow();
  return (
    <>
      <PageHead title="Item grants" />
      <Async r={cap} what="Asking the game whether items can be given">
        {(c) =>
          !c.capable ? (
            <Card title="Items cannot be given">
              <p>{c.reason}</p>
              <button type="button" onClick={cap.reload}>
                Ask again
              </button>
            </Card>
          ) : (
            <div className="grid">
              <Card title="Give items">
                <p className="muted small">{c.reason}</p>
                {/* The id: the browser tests find the picker by it. */}
                <SelectField label="Online player" value={uid} onChange={(e) => setUid(e.target.value)}>
                  <option value="">Choose…</option>
                  {online.data?.map((p) => (
                    <option key={p.uid} value={p.uid}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
                {online.data?.length === 0 && <Empty>Nobody is online: items go only to online players.</Empty>}
                {uid && <GrantForm uid={uid} onGranted={grants.reload} />}
              </Card>
              <Card title="Grants" className="wide-card">
                <Async r={grants} what="Reading grants">
                  {(g) => (
                    <DataTable
                      caption="Item grants"
                      rows={g.data}
                      rowKey={(x) => String(x.id)}
                      empty="No items given yet."
                      columns={[
                        { key: 'at', label: 'When', sort: (x) => x.at, render: (x) => ago(x.at, now) },
                        {
                          key: 'to',
                          label: 'To',
                          sort: (x) => x.playerName,
                          render: (x) => <Link href={`/players/${x.uid}`}>{x.playerName}</Link>,
                        },
                        { key: 'items', label: 'Items', render: (x) => x.items.map((i) => `${i.count} × ${i.itemId}`).join(', ') },
                        {
                          key: 'outcome',
                          label: 'Outcome',
                          sort: (x) => x.outcome,
                          render: (x) => <Badge tone={x.outcome === 'granted' ? 'ok' : 'bad'}>{x.outcome}</Badge>,
                        },
                        { key: 'by', label: 'By', wide: true, render: (x) => <span title={x.actor}>{actorLabel(x.actor)}</span> },
                        { key: 'detail', label: 'Detail', wide: true, render: (x) => x.detail },
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
      setDone(`Given: ${picked.map((p) => `${p.count} × ${p.itemId}`).join(', ')}.`);
      setPicked([]);
      onGranted?.();
    }
  };
  return (
    <div className="grant">
      <div className="row">
        <Field
          fieldClass="field grow"
          label="Item id"
          list={suggestions}
          value={itemId}
          placeholder="PalSphere"
          onChange={(e) => {
            setItemId(e.target.value);
            setSearch(e.target.value);
          }}
        />
        {/* Never drawn (a datalist), so it takes no place in the row. */}
        <datalist id={suggestions}>
          {catalog.data?.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </datalist>
        <Field
          fieldClass="field narrow"
          label="Count"
          type="number"
          min={1}
          max={9999}
          value={amount}
          onChange={(e) => setAmount(Math.max(1, Math.min(9999, Number(e.target.value) || 1)))}
        />
        <button type="button" onClick={add} disabled={!itemId.trim() || picked.length >= 20}>
          Add
        </button>
      </div>
      {picked.length > 0 && (
        <ul className="plain">
          {picked.map((p) => (
            <li key={p.itemId}>
              {p.count} × <code>{p.itemId}</code>{' '}
              <button type="button" className="link" onClick={() => setPicked(picked.filter((x) => x !== p))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorNote error={give.error} />
      {done && <p role="status">{done}</p>}
      <button type="button" className="primary" disabled={picked.length === 0 || give.busy} onClick={() => void submit()}>
        {give.busy ? 'Giving…' : picked.length === 0 ? 'Give' : `Give ${count(picked.length, 'item')}`}
      </button>
    </div>
  );
}
