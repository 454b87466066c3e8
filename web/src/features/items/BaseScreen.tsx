// Bases (issue 42): every base with its guild, and one base's containers (chests, food boxes,
// incubators, production) with what they hold, its food boxes flagged when low or empty.
import { useIntl } from 'react-intl';
import { num } from '../../shared/format';
import { Link, useTitle } from '../../shared/router';
import { Card, PageHead, Stat } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { useGuilds } from '../guilds/api';
import { guildHref } from '../guilds/GuildDetail';
import { ContainerBlock, FoodBadge, kindWord } from './containers';
import { useBaseContainers, type ContainerRow } from './world-api';

export const baseHref = (id: string) => `/bases/${encodeURIComponent(id)}`;

export function Bases() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `worldItems.bases.${id}` });
  useTitle(t('title'));
  const r = useGuilds();
  return (
    <>
      <PageHead title={t('title')} />
      <Async r={r} what={t('reading')}>
        {(guilds) => {
          const rows = guilds.flatMap((g) => g.bases.map((b) => ({ ...b, guildId: g.id, guild: g.displayName })));
          return rows.length === 0 ? (
            <Empty>{t('none')}</Empty>
          ) : (
            <div className="card">
              <DataTable
                caption={t('title')}
                rows={rows}
                rowKey={(b) => b.id}
                filterText={(b) => `${b.displayName} ${b.guild}`}
                initialSort={{ key: 'guild', dir: 1 }}
                columns={[
                  {
                    key: 'base',
                    label: t('base'),
                    sort: (b) => b.displayName.toLowerCase(),
                    render: (b) => (
                      <Link href={baseHref(b.id)} translate="no">
                        {b.displayName}
                      </Link>
                    ),
                  },
                  {
                    key: 'guild',
                    label: t('guild'),
                    sort: (b) => b.guild.toLowerCase(),
                    render: (b) => (
                      <Link href={guildHref(b.guildId)} translate="no">
                        {b.guild}
                      </Link>
                    ),
                  },
                  { key: 'level', label: t('level'), numeric: true, sort: (b) => b.level, render: (b) => b.level },
                ]}
              />
            </div>
          );
        }}
      </Async>
    </>
  );
}

const ORDER: ContainerRow['kind'][] = ['foodBox', 'chest', 'incubator', 'production', 'dropped', 'treasure', 'other'];

export function BaseScreen({ id }: { id: string }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `worldItems.base.${key}` }, values);
  const r = useBaseContainers(id);
  const guilds = useGuilds();
  const guild = guilds.data?.find((g) => g.bases.some((b) => b.id.toUpperCase() === id.toUpperCase()));
  const base = guild?.bases.find((b) => b.id.toUpperCase() === id.toUpperCase());
  useTitle(base?.displayName ?? t('title'));
  return (
    <>
      <PageHead title={base?.displayName ?? t('title')} />
      <Async r={r} what={t('reading')}>
        {(d) => {
          if (!d.itemsRead) return <Empty>{t('notRead')}</Empty>;
          const list = [...d.containers].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || b.total - a.total);
          const kinds = new Map<ContainerRow['kind'], number>();
          for (const c of list) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
          return (
            <>
              <Card title={t('overview')}>
                <div className="stats">
                  <Stat label={t('food')} value={<FoodBadge food={d.food} />} sub={d.food === 'none' ? undefined : t('foodWorst')} />
                  <Stat
                    label={t('items')}
                    value={num(list.reduce((n, c) => n + c.total, 0))}
                    sub={t('inContainers', { count: list.length })}
                  />
                </div>
                <p className="small">
                  {d.guildId && (
                    <Link href={guildHref(d.guildId)} translate="no">
                      {guild?.displayName ?? d.guildName ?? t('itsGuild')}
                    </Link>
                  )}
                  {[...kinds].map(([k, n]) => ` · ${t('kindCount', { kind: kindWord(intl, k), count: n })}`).join('')}
                </p>
              </Card>
              {list.length === 0 ? (
                <Empty>{t('noContainers')}</Empty>
              ) : (
                <Card title={t('containers')} className="wide-card">
                  {list.map((c) => (
                    <ContainerBlock key={c.id} c={c} />
                  ))}
                </Card>
              )}
            </>
          );
        }}
      </Async>
    </>
  );
}
