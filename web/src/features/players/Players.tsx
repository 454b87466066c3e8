// Players of the save: search by name on the server, online filter, a sortable table; each
// name opens the player's page.
import { useEffect, useState } from 'react';
import { ago } from '../../shared/format';
import { useNow } from '../../shared/use-now';
import { Link, setSearch, useSearch, useTitle } from '../../shared/router';
import type { Player } from '../../types';
import { Badge, PageHead } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { DataTable, type Column } from '../../ui/table';
import { PagedList } from '../../ui/states';
import { guildHref } from '../guilds/GuildDetail';
import { usePlayerList } from './api';

export function Players() {
  useTitle('Players');
  const params = useSearch();
  const search = params.get('search') ?? '';
  const online = params.get('online') ?? '';
  const now = useNow(15000);
  const [text, setText] = useState(search);
  const list = usePlayerList(search, online);

  useEffect(() => {
    const t = setTimeout(() => setSearch({ search: text.trim() || undefined }), 250);
    return () => clearTimeout(t);
  }, [text]);

  const columns: Column<Player>[] = [
    {
      key: 'name',
      label: 'Name',
      sort: (p) => p.name.toLowerCase(),
      render: (p) => (
        <>
          <Link href={`/players/${p.uid}`}>{p.name || '(no name)'}</Link> {p.banned && <Badge tone="bad">banned</Badge>}{' '}
          {p.whitelisted && <Badge tone="info">whitelisted</Badge>}
        </>
      ),
    },
    {
      key: 'online',
      label: 'Online',
      sort: (p) => (p.online ? 1 : 0),
      render: (p) => (p.online ? <Badge tone="ok">online</Badge> : <span className="muted">offline</span>),
    },
    { key: 'level', label: 'Level', numeric: true, sort: (p) => p.level, render: (p) => p.level },
    {
      key: 'guild',
      label: 'Guild',
      wide: true,
      sort: (p) => p.guildName ?? '',
      render: (p) =>
        p.guildId ? <Link href={guildHref(p.guildId)}>{p.guildName || '(no name)'}</Link> : <span className="muted">none</span>,
    },
    {
      key: 'userId',
      label: 'Platform id',
      wide: true,
      sort: (p) => p.userId ?? '',
      render: (p) => (p.userId ? <code>{p.userId}</code> : <span className="muted">not seen online</span>),
    },
    {
      key: 'ping',
      label: 'Ping',
      numeric: true,
      wide: true,
      sort: (p) => p.ping ?? -1,
      render: (p) => (p.ping === null ? '—' : `${Math.round(p.ping)} ms`),
    },
    { key: 'seen', label: 'Last seen', sort: (p) => p.lastSeenAt, render: (p) => (p.online ? 'now' : ago(p.lastSeenAt, now)) },
  ];

  return (
    <>
      <PageHead title="Players">
        <Field
          hideLabel
          label="Search players by name"
          type="search"
          placeholder="Search by name…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          hideLabel
          label="Online or offline"
          value={online}
          onChange={(e) => setSearch({ online: e.target.value || undefined })}
        >
          <option value="">Everyone</option>
          <option value="true">Online</option>
          <option value="false">Offline</option>
        </SelectField>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </PageHead>
      <div className="card">
        <PagedList list={list} what="Reading players">
          {(rows) => (
            <DataTable
              caption="Players"
              rows={rows}
              columns={columns}
              rowKey={(p) => p.uid}
              empty={
                search || online ? 'No player matches.' : 'No players in the save yet: they appear after the first parse that holds them.'
              }
            />
          )}
        </PagedList>
      </div>
    </>
  );
}
