// The pal explorer: every pal of the save, filtered by owner, species, placement, level, alpha,
// lucky, condenser stars and passive skill, sorted and paged on the server (a world may hold
// 100,000 of them), a hundred at a time. A row opens the pal's card. The filters live in the
// address, so a filtered list can be shared or reloaded.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useGameName } from '../../i18n/game-names';
import { setSearch, useSearch, useTitle } from '../../shared/router';
import { PageHead } from '../../ui/bits';
import { usePalPassives } from './api';
import { PalCard } from './PalCard';
import { FilterChips, PalFilters, UnknownNote } from './PalFilters';
import { FILTER_KEYS, type FilterKey } from './pal-filters';
import { skillName } from './pal-words';
import { PalResults } from './PalResults';
import type { ExplorerPal } from './types';
import { usePalPages } from './use-pal-pages';
import './pals.css';

export function Pals() {
  const intl = useIntl();
  const name = useGameName();
  const title = intl.formatMessage({ id: 'pals.title' });
  useTitle(title);
  const params = useSearch();
  const f = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<FilterKey, string>;
  const sort = params.get('sort') ?? 'level';
  const order = params.get('order') ?? 'desc';
  const [draft, setDraft] = useState({ owner: f.owner, species: f.species });
  const [open, setOpen] = useState<ExplorerPal | null>(null);
  const list = usePalPages({ ...f, sort, order, limit: 100 });
  const passives = usePalPassives();
  const passiveName = (id: string) =>
    name('passive', id, passives.data?.find((s) => s.id.toLowerCase() === id.toLowerCase())?.name ?? skillName(id));
  const active = FILTER_KEYS.filter((k) => f[k] !== '');

  useEffect(() => {
    const t = setTimeout(() => setSearch({ owner: draft.owner.trim() || undefined, species: draft.species.trim() || undefined }), 300);
    return () => clearTimeout(t);
  }, [draft]);

  const clearAll = () => {
    setDraft({ owner: '', species: '' });
    setSearch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));
  };
  const clearOne = (k: FilterKey) => {
    if (k === 'owner' || k === 'species') setDraft((d) => ({ ...d, [k]: '' }));
    setSearch({ [k]: undefined });
  };

  return (
    <>
      <PageHead title={title} />
      <PalFilters f={f} draft={draft} setDraft={setDraft} sort={sort} order={order} passives={passives.data} passiveName={passiveName} />
      {active.length > 0 && <FilterChips f={f} active={active} passiveName={passiveName} clearOne={clearOne} clearAll={clearAll} />}
      <UnknownNote />
      <PalResults list={list} filtered={active.length > 0} clearAll={clearAll} sort={sort} order={order} open={setOpen} />
      <PalCard pal={open} onClose={() => setOpen(null)} />
    </>
  );
}
