// The world's items (issue 42): who has an item (players, bases, guild storage, and what lies in
// no one's keeping), with totals; and the economy: containers by owner, the most held items,
// counts by rarity, and the flags for what the game cannot produce by itself (a stack beyond its
// limit; a player's count far beyond every other player's, said as unusual).
import { useState, type FormEvent } from 'react';
import { num } from '../../shared/format';
import { Link, setSearch, useSearch, useTitle } from '../../shared/router';
import { Card, PageHead, Stat } from '../../ui/bits';
import { Field } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { guildHref } from '../guilds/GuildDetail';
import { baseHref } from './BaseScreen';
import { Rarity, rarityWord } from './containers';
import { useEconomy, useItemSearch, type EconomyData, type ItemSearchData } from './world-api';

type HolderOwner = ItemSearchData['items'][number]['holders'][number]['owner'];

function OwnerLink({ o }: { o: HolderOwner }) {
  if (o.kind === 'unassigned' || o.id === null) return <span className="muted">nobody (world, ground, or unknown)</span>;
  const name = o.name ?? o.id;
  if (o.kind === 'player') return <Link href={`/players/${encodeURIComponent(o.id)}`}>{name}</Link>;
  if (o.kind === 'base') return <Link href={baseHref(o.id)}>{name}</Link>;
  return <Link href={guildHref(o.id)}>{o.name ? `${o.name} storage` : o.id}</Link>;
}

export function WorldItems() {
  useTitle('Items');
  const q = useSearch().get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ q: draft.trim() || undefined });
  };
  return (
    <>
      <PageHead title="Items in the world" />
      <Card title="Who has it">
        <form className="inline-form" role="search" onSubmit={submit}>
          <Field
            label="Item id or name"
            value={draft}
            maxLength={64}
            placeholder="PalSphere, Gold Coin…"
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit">Search</button>
        </form>
        {q ? (
          <SearchResults q={q} />
        ) : (
          <p className="muted small">Players, bases, guild storage and what lies in no one&apos;s keeping, with totals.</p>
        )}
      </Card>
      <EconomyCards />
    </>
  );
}

function SearchResults({ q }: { q: string }) {
  const r = useItemSearch(q);
  return (
    <Async r={r} what="Searching">
      {(d) =>
        !d.itemsRead ? (
          <Empty>The last parse left items out: nothing to search yet.</Empty>
        ) : d.items.length === 0 ? (
          <Empty>No container holds an item named like “{q}”.</Empty>
        ) : (
          <>
            <p className="small">
              {d.items.length} item{d.items.length === 1 ? '' : 's'} · {num(d.total)} in all
            </p>
            {d.items.map((i) => (
              <section key={i.itemId} className="container-block" aria-label={i.name}>
                <h3>
                  {i.name} <Rarity rarity={i.rarity} /> <code className="small">{i.itemId}</code>
                </h3>
                <p className="muted small">
                  {num(i.total)} in all · players {num(i.byOwnerKind.player)} · bases {num(i.byOwnerKind.base)} · guild storage{' '}
                  {num(i.byOwnerKind.guild)} · no one {num(i.byOwnerKind.unassigned)}
                </p>
                <DataTable
                  caption={`Who has ${i.name}`}
                  rows={i.holders}
                  rowKey={(h) => `${h.owner.kind}:${h.owner.id ?? ''}`}
                  columns={[
                    { key: 'owner', label: 'Holder', render: (h) => <OwnerLink o={h.owner} /> },
                    { key: 'kind', label: 'Kind', sort: (h) => h.owner.kind, render: (h) => h.owner.kind },
                    { key: 'count', label: 'Count', numeric: true, sort: (h) => h.count, render: (h) => num(h.count) },
                    {
                      key: 'containers',
                      label: 'Containers',
                      numeric: true,
                      wide: true,
                      sort: (h) => h.containers,
                      render: (h) => h.containers,
                    },
                  ]}
                />
              </section>
            ))}
          </>
        )
      }
    </Async>
  );
}

function EconomyCards() {
  const r = useEconomy();
  return (
    <Async r={r} what="Reading the economy">
      {(d) => (d.itemsRead ? <EconomyView d={d} /> : <Empty>The last parse left items out: the economy is unknown.</Empty>)}
    </Async>
  );
}

function EconomyView({ d }: { d: EconomyData }) {
  const c = d.containers;
  return (
    <>
      <Card title="Containers">
        <div className="stats">
          <Stat label="Containers" value={num(c.total)} sub={`${num(c.assigned)} with an owner`} />
          <Stat label="Players" value={num(c.byOwnerKind.player)} />
          <Stat label="Bases" value={num(c.byOwnerKind.base)} />
          <Stat label="Guild storage" value={num(c.byOwnerKind.guild)} />
          <Stat label="No one" value={num(c.byOwnerKind.unassigned)} sub="world chests, dropped, unknown" />
        </div>
      </Card>
      <Card title="Flags">
        {d.flags.length === 0 ? (
          <Empty>Nothing the game could not have produced by itself.</Empty>
        ) : (
          <DataTable
            caption="Flags"
            rows={d.flags}
            rowKey={(f) => `${f.kind}:${f.itemId}:${f.owner.kind}:${f.owner.id ?? ''}:${f.count}`}
            columns={[
              { key: 'item', label: 'Item', sort: (f) => f.name.toLowerCase(), render: (f) => f.name },
              { key: 'owner', label: 'Holder', render: (f) => <OwnerLink o={f.owner} /> },
              { key: 'count', label: 'Count', numeric: true, sort: (f) => f.count, render: (f) => num(f.count) },
              { key: 'why', label: 'Why', wide: true, render: (f) => f.detail },
            ]}
          />
        )}
      </Card>
      <div className="grid">
        <Card title="Most held">
          <DataTable
            caption="Most held items"
            rows={d.topItems}
            rowKey={(t) => t.itemId}
            columns={[
              { key: 'item', label: 'Item', render: (t) => <Link href={`/world-items?q=${encodeURIComponent(t.itemId)}`}>{t.name}</Link> },
              { key: 'rarity', label: 'Rarity', render: (t) => <Rarity rarity={t.rarity} /> },
              { key: 'count', label: 'Count', numeric: true, render: (t) => num(t.count) },
            ]}
          />
        </Card>
        <Card title="By rarity">
          <DataTable
            caption="Items by rarity"
            rows={d.byRarity}
            rowKey={(x) => String(x.rarity)}
            columns={[
              { key: 'rarity', label: 'Rarity', render: (x) => rarityWord(x.rarity) },
              { key: 'items', label: 'Kinds', numeric: true, render: (x) => num(x.items) },
              { key: 'count', label: 'Count', numeric: true, render: (x) => num(x.count) },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
