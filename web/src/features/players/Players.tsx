// Players of the save: search by name on the server, online filter, a sortable table; each
// name opens the player's page.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const say = (id: string, values?: Record<string, number>) => intl.formatMessage({ id: `players.${id}` }, values);
  const title = say('list.title');
  useTitle(title);
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
      label: say('col.name'),
      sort: (p) => p.name.toLowerCase(),
      render: (p) => (
        <>
          <Link href={`/players/${p.uid}`} translate="no">
            {p.name || say('noName')}
          </Link>{' '}
          {p.banned && <Badge tone="bad">{say('badge.banned')}</Badge>}{' '}
          {p.whitelisted && <Badge tone="info">{say('badge.whitelisted')}</Badge>}
        </>
      ),
    },
    {
      key: 'online',
      label: say('col.online'),
      sort: (p) => (p.online ? 1 : 0),
      render: (p) => (p.online ? <Badge tone="ok">{say('badge.online')}</Badge> : <span className="muted">{say('badge.offline')}</span>),
    },
    { key: 'level', label: say('col.level'), numeric: true, sort: (p) => p.level, render: (p) => p.level },
    {
      key: 'guild',
      label: say('col.guild'),
      wide: true,
      sort: (p) => p.guildName ?? '',
      render: (p) =>
        p.guildId ? (
          <Link href={guildHref(p.guildId)} translate="no">
            {p.guildName || say('noName')}
          </Link>
        ) : (
          <span className="muted">{say('none')}</span>
        ),
    },
    {
      key: 'userId',
      label: say('col.platformId'),
      wide: true,
      sort: (p) => p.userId ?? '',
      render: (p) => (p.userId ? <code>{p.userId}</code> : <span className="muted">{say('notSeenOnline')}</span>),
    },
    {
      key: 'ping',
      label: say('col.ping'),
      numeric: true,
      wide: true,
      sort: (p) => p.ping ?? -1,
      render: (p) => (p.ping === null ? '—' : say('ms', { ms: Math.round(p.ping) })),
    },
    { key: 'seen', label: say('col.lastSeen'), sort: (p) => p.lastSeenAt, render: (p) => (p.online ? say('now') : ago(p.lastSeenAt, now)) },
  ];

  return (
    <>
      <PageHead title={title}>
        <Field
          hideLabel
          label={say('list.searchLabel')}
          type="search"
          placeholder={say('list.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          hideLabel
          label={say('list.onlineLabel')}
          value={online}
          onChange={(e) => setSearch({ online: e.target.value || undefined })}
        >
          <option value="">{say('list.everyone')}</option>
          <option value="true">{say('list.online')}</option>
          <option value="false">{say('list.offline')}</option>
        </SelectField>
        <button type="button" onClick={list.reload}>
          {say('list.refresh')}
        </button>
      </PageHead>
      <div className="card">
        <PagedList list={list} what={say('list.reading')} more={say('list.more')}>
          {(rows) => (
            <DataTable
              caption={title}
              rows={rows}
              columns={columns}
              rowKey={(p) => p.uid}
              empty={search || online ? say('list.noMatch') : say('list.empty')}
            />
          )}
        </PagedList>
      </div>
    </>
  );
}
