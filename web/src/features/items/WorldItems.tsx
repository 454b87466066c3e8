// The world's items (issue 42): who has an item (players, bases, guild storage, and what lies in
// no one's keeping), with totals; and the economy: containers by owner, the most held items,
// counts by rarity, and the flags for what the game cannot produce by itself (a stack beyond its
// limit; a player's count far beyond every other player's, said as unusual).
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { num } from '../../shared/format';
import { useGameName } from '../../i18n/game-names';
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

/** Words of this screen (catalog area worldItems, ids worldItems.world.…). */
function useWords() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `worldItems.world.${id}` }, values);
}

function OwnerLink({ o }: { o: HolderOwner }) {
  const t = useWords();
  if (o.kind === 'unassigned' || o.id === null) return <span className="muted">{t('nobody')}</span>;
  const name = o.name ?? o.id;
  if (o.kind === 'player')
    return (
      <Link href={`/players/${encodeURIComponent(o.id)}`} translate="no">
        {name}
      </Link>
    );
  if (o.kind === 'base') return <Link href={baseHref(o.id)}>{name}</Link>;
  return <Link href={guildHref(o.id)}>{o.name ? t('guildStorageOf', { guild: o.name }) : o.id}</Link>;
}

export function WorldItems() {
  const t = useWords();
  useTitle(t('documentTitle'));
  const q = useSearch().get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ q: draft.trim() || undefined });
  };
  return (
    <>
      <PageHead title={t('title')} />
      <Card title={t('whoHasIt')}>
        <form className="inline-form" role="search" onSubmit={submit}>
          <Field
            label={t('searchLabel')}
            value={draft}
            maxLength={64}
            placeholder={t('searchPlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit">{t('search')}</button>
        </form>
        {q ? <SearchResults q={q} /> : <p className="muted small">{t('searchHint')}</p>}
      </Card>
      <EconomyCards />
    </>
  );
}

function SearchResults({ q }: { q: string }) {
  const t = useWords();
  const name = useGameName();
  const r = useItemSearch(q);
  return (
    <Async r={r} what={t('searching')}>
      {(d) =>
        !d.itemsRead ? (
          <Empty>{t('searchNotRead')}</Empty>
        ) : d.items.length === 0 ? (
          <Empty>{t('searchNone', { q })}</Empty>
        ) : (
          <>
            <p className="small">{t('searchFound', { count: d.items.length, total: num(d.total) })}</p>
            {d.items.map((i) => (
              <section key={i.itemId} className="container-block" aria-label={name('item', i.itemId, i.name)}>
                <h3>
                  {name('item', i.itemId, i.name)} <Rarity rarity={i.rarity} /> <code className="small">{i.itemId}</code>
                </h3>
                <p className="muted small">
                  {t('byOwnerKind', {
                    total: num(i.total),
                    players: num(i.byOwnerKind.player),
                    bases: num(i.byOwnerKind.base),
                    guilds: num(i.byOwnerKind.guild),
                    nobody: num(i.byOwnerKind.unassigned),
                  })}
                </p>
                <DataTable
                  caption={t('whoHas', { item: name('item', i.itemId, i.name) })}
                  rows={i.holders}
                  rowKey={(h) => `${h.owner.kind}:${h.owner.id ?? ''}`}
                  columns={[
                    { key: 'owner', label: t('holder'), render: (h) => <OwnerLink o={h.owner} /> },
                    {
                      key: 'kind',
                      label: t('kind'),
                      sort: (h) => h.owner.kind,
                      render: (h) => <span className="owner-kind">{t(`ownerKind.${h.owner.kind}`)}</span>,
                    },
                    { key: 'count', label: t('count'), numeric: true, sort: (h) => h.count, render: (h) => num(h.count) },
                    {
                      key: 'containers',
                      label: t('containers'),
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
  const t = useWords();
  const r = useEconomy();
  return (
    <Async r={r} what={t('readingEconomy')}>
      {(d) => (d.itemsRead ? <EconomyView d={d} /> : <Empty>{t('economyNotRead')}</Empty>)}
    </Async>
  );
}

function EconomyView({ d }: { d: EconomyData }) {
  const t = useWords();
  const intl = useIntl();
  const name = useGameName();
  const c = d.containers;
  return (
    <>
      <Card title={t('containers')}>
        <div className="stats">
          <Stat label={t('containers')} value={num(c.total)} sub={t('withOwner', { count: c.assigned, assigned: num(c.assigned) })} />
          <Stat label={t('players')} value={num(c.byOwnerKind.player)} />
          <Stat label={t('bases')} value={num(c.byOwnerKind.base)} />
          <Stat label={t('guildStorage')} value={num(c.byOwnerKind.guild)} />
          <Stat label={t('noOne')} value={num(c.byOwnerKind.unassigned)} sub={t('noOneHint')} />
        </div>
      </Card>
      <Card title={t('flags')}>
        {d.flags.length === 0 ? (
          <Empty>{t('flagsNone')}</Empty>
        ) : (
          <DataTable
            caption={t('flags')}
            rows={d.flags}
            rowKey={(f) => `${f.kind}:${f.itemId}:${f.owner.kind}:${f.owner.id ?? ''}:${f.count}`}
            columns={[
              {
                key: 'item',
                label: t('item'),
                sort: (f) => name('item', f.itemId, f.name).toLowerCase(),
                render: (f) => name('item', f.itemId, f.name),
              },
              { key: 'owner', label: t('holder'), render: (f) => <OwnerLink o={f.owner} /> },
              { key: 'count', label: t('count'), numeric: true, sort: (f) => f.count, render: (f) => num(f.count) },
              {
                key: 'why',
                label: t('why'),
                wide: true,
                render: (f) => t(`flag.${f.kind}`, { count: num(f.count), reference: num(f.reference) }),
              },
            ]}
          />
        )}
      </Card>
      <div className="grid">
        <Card title={t('mostHeld')}>
          <DataTable
            caption={t('mostHeldCaption')}
            rows={d.topItems}
            rowKey={(x) => x.itemId}
            columns={[
              {
                key: 'item',
                label: t('item'),
                render: (x) => <Link href={`/world-items?q=${encodeURIComponent(x.itemId)}`}>{name('item', x.itemId, x.name)}</Link>,
              },
              { key: 'rarity', label: t('rarity'), render: (x) => <Rarity rarity={x.rarity} /> },
              { key: 'count', label: t('count'), numeric: true, render: (x) => num(x.count) },
            ]}
          />
        </Card>
        <Card title={t('byRarity')}>
          <DataTable
            caption={t('byRarityCaption')}
            rows={d.byRarity}
            rowKey={(x) => String(x.rarity)}
            columns={[
              { key: 'rarity', label: t('rarity'), render: (x) => rarityWord(intl, x.rarity) },
              { key: 'items', label: t('kinds'), numeric: true, render: (x) => num(x.items) },
              { key: 'count', label: t('count'), numeric: true, render: (x) => num(x.count) },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
