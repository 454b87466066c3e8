// The player page's pals: the explorer's pages filtered to this player (the server sorts and
// pages them, 50 at a time), its table on a wide screen and its tiles on a phone, a row opening
// the pal's card. The sort is the section's own; the explorer's address is not touched.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../shared/router';
import { PalCard } from '../pals/PalCard';
import { SORTS } from '../pals/pal-filters';
import { PalResults } from '../pals/PalResults';
import type { ExplorerPal } from '../pals/types';
import { usePalPages } from '../pals/use-pal-pages';
import '../pals/pals.css';

const PER_PAGE = 50;

export function PlayerPals({ uid }: { uid: string }) {
  const intl = useIntl();
  const [sort, setSort] = useState({ key: 'level', dir: -1 as 1 | -1 });
  const [open, setOpen] = useState<ExplorerPal | null>(null);
  const list = usePalPages({ owner: uid, sort: sort.key, order: sort.dir === 1 ? 'asc' : 'desc', limit: PER_PAGE });
  return (
    <>
      <p className="muted small">
        <Link href={`/pals?owner=${encodeURIComponent(uid)}`}>{intl.formatMessage({ id: 'players.pals.filterLink' })}</Link>
      </p>
      <PalResults
        list={list}
        filtered={false}
        clearAll={() => undefined}
        sort={sort.key}
        order={sort.dir === 1 ? 'asc' : 'desc'}
        open={setOpen}
        onSort={(key, dir) => SORTS[key] && setSort({ key, dir })}
        perPage={PER_PAGE}
      />
      <PalCard pal={open} onClose={() => setOpen(null)} />
    </>
  );
}
