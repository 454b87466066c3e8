// Bases (issue 42): every base with its guild, and one base's containers (chests, food boxes,
// incubators, production) with what they hold, its food boxes flagged when low or empty.
import { num } from '../../shared/format';
import { Link, useTitle } from '../../shared/router';
import { Card, PageHead, Stat } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { useGuilds } from '../guilds/api';
import { guildHref } from '../guilds/GuildDetail';
import { ContainerBlock, FoodBadge, KIND_WORDS } from './containers';
import { useBaseContainers, type ContainerRow } from './world-api';

export const baseHref = (id: string) => `/bases/${encodeURIComponent(id)}`;

export function Bases() {
  useTitle('Bases');
  const r = useGuilds();
  return (
    <>
      <PageHead title="Bases" />
      <Async r={r} what="Reading bases">
        {(guilds) => {
          const rows = guilds.flatMap((g) => g.bases.map((b) => ({ ...b, guildId: g.id, guild: g.displayName })));
          return rows.length === 0 ? (
            <Empty>No bases in the save.</Empty>
          ) : (
            <div className="card">
              <DataTable
                caption="Bases"
                rows={rows}
                rowKey={(b) => b.id}
                filterText={(b) => `${b.displayName} ${b.guild}`}
                initialSort={{ key: 'guild', dir: 1 }}
                columns={[
                  {
                    key: 'base',
                    label: 'Base',
                    sort: (b) => b.displayName.toLowerCase(),
                    render: (b) => <Link href={baseHref(b.id)}>{b.displayName}</Link>,
                  },
                  {
                    key: 'guild',
                    label: 'Guild',
                    sort: (b) => b.guild.toLowerCase(),
                    render: (b) => <Link href={guildHref(b.guildId)}>{b.guild}</Link>,
                  },
                  { key: 'level', label: 'Level', numeric: true, sort: (b) => b.level, render: (b) => b.level },
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
  const r = useBaseContainers(id);
  const guilds = useGuilds();
  const guild = guilds.data?.find((g) => g.bases.some((b) => b.id.toUpperCase() === id.toUpperCase()));
  const base = guild?.bases.find((b) => b.id.toUpperCase() === id.toUpperCase());
  useTitle(base?.displayName ?? 'Base');
  return (
    <>
      <PageHead title={base?.displayName ?? 'Base'} />
      <Async r={r} what="Reading the base's containers">
        {(d) => {
          if (!d.itemsRead) return <Empty>The last parse left items out: this base&apos;s containers are unknown.</Empty>;
          const list = [...d.containers].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || b.total - a.total);
          const kinds = new Map<string, number>();
          for (const c of list) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
          return (
            <>
              <Card title="Overview">
                <div className="stats">
                  <Stat
                    label="Food"
                    value={<FoodBadge food={d.food} />}
                    sub={d.food === 'none' ? undefined : 'the worst of its food boxes'}
                  />
                  <Stat label="Items" value={num(list.reduce((n, c) => n + c.total, 0))} sub={`in ${list.length} containers`} />
                </div>
                <p className="small">
                  {d.guildId && <Link href={guildHref(d.guildId)}>{guild?.displayName ?? d.guildName ?? 'its guild'}</Link>}
                  {[...kinds].map(([k, n]) => ` · ${KIND_WORDS[k as ContainerRow['kind']]} ${n}`).join('')}
                </p>
              </Card>
              {list.length === 0 ? (
                <Empty>No containers at this base.</Empty>
              ) : (
                <Card title="Containers" className="wide-card">
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
