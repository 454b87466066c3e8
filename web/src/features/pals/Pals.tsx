// The pal explorer: every pal of the save, filtered by owner, species, placement, level, alpha,
// lucky, condenser stars and passive skill, sorted and paged on the server (a world may hold
// 100,000 of them), a hundred at a time. A row opens the pal's card. The filters live in the
// address, so a filtered list can be shared or reloaded.
import { useEffect, useState } from 'react';
import { qs } from '../../api/http';
import { useData } from '../../api/hooks';
import { Link, setSearch, useSearch, useTitle } from '../../shared/router';
import type { Pal, SkillName } from '../../types';
import { Badge, PageHead } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { DataTable, type Column } from '../../ui/table';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { PalCard } from './PalCard';
import { Skills, Stars, TalentBars } from './PalBits';
import { PLACEMENT_WORDS, skillName, UNKNOWN_SHORT, UNKNOWN_WORDS } from './pal-words';
import type { ExplorerPal } from './types';
import { usePalPages } from './use-pal-pages';
import './pals.css';

const starsOfRank = (rank: number | null) => (rank !== null && rank >= 1 && rank <= 5 ? rank - 1 : 0);

/** The columns of a player's pals (PlayerDetail), sorted in the browser. */
export function palColumns(withOwner: boolean): Column<Pal>[] {
  return [
    {
      key: 'name',
      label: 'Pal',
      sort: (p) => p.displayName.toLowerCase(),
      render: (p) => (
        <>
          {p.displayName} {p.isAlpha && <Badge tone="warn">alpha</Badge>} {p.isLucky && <Badge tone="info">lucky</Badge>}
        </>
      ),
    },
    { key: 'species', label: 'Species id', wide: true, sort: (p) => p.characterId, render: (p) => <code>{p.characterId}</code> },
    { key: 'level', label: 'Level', numeric: true, sort: (p) => p.level, render: (p) => p.level },
    { key: 'stars', label: 'Stars', sort: (p) => starsOfRank(p.rank), render: (p) => <Stars n={starsOfRank(p.rank)} /> },
    ...(withOwner
      ? [
          {
            key: 'owner',
            label: 'Owner',
            sort: (p: Pal) => (p.ownerName ?? '').toLowerCase(),
            render: (p: Pal) =>
              p.ownerResolved && p.ownerUid ? (
                <Link href={`/players/${p.ownerUid}`}>{p.ownerName || '(no name)'}</Link>
              ) : (
                <span className="muted">{p.ownerName || 'unknown'}</span>
              ),
          },
        ]
      : []),
    { key: 'placement', label: 'Where', sort: (p) => p.placement, render: (p) => PLACEMENT_WORDS[p.placement] ?? p.placement },
    { key: 'talents', label: 'Talents (HP/atk/def)', wide: true, render: (p) => <TalentBars t={p.talents} /> },
    {
      key: 'passives',
      label: 'Passives',
      wide: true,
      render: (p) => <Skills list={p.passiveSkills} />,
    },
    { key: 'skills', label: 'Active skills', wide: true, render: (p) => <Skills list={p.equippedSkills} /> },
  ];
}

function whereCell(p: ExplorerPal) {
  if (!p.unknownReason) return PLACEMENT_WORDS[p.placement];
  return (
    <span title={UNKNOWN_WORDS[p.unknownReason]}>
      Unknown <span className="muted pal-why">{UNKNOWN_SHORT[p.unknownReason]}</span>
    </span>
  );
}

function explorerColumns(open: (p: ExplorerPal) => void): Column<ExplorerPal>[] {
  return [
    {
      key: 'name',
      label: 'Pal',
      sort: () => 0,
      render: (p) => (
        <>
          <button type="button" className="link pal-open" onClick={() => open(p)} aria-haspopup="dialog">
            {p.displayName}
          </button>{' '}
          {p.isAlpha && <Badge tone="warn">alpha</Badge>} {p.isLucky && <Badge tone="info">lucky</Badge>}
        </>
      ),
    },
    { key: 'species', label: 'Species id', wide: true, sort: () => 0, render: (p) => <code>{p.characterId}</code> },
    { key: 'level', label: 'Level', numeric: true, sort: () => 0, render: (p) => p.level },
    { key: 'stars', label: 'Stars', sort: () => 0, render: (p) => <Stars n={p.stars} /> },
    { key: 'talents', label: 'Talents (HP/atk/def)', sort: () => 0, render: (p) => <TalentBars t={p.talents} /> },
    {
      key: 'owner',
      label: 'Owner',
      sort: () => 0,
      render: (p) =>
        p.ownerResolved && p.ownerUid ? (
          <Link href={`/players/${p.ownerUid}`}>{p.ownerName || '(no name)'}</Link>
        ) : (
          <span className="muted">{p.ownerName || 'unknown'}</span>
        ),
    },
    { key: 'placement', label: 'Where', render: whereCell },
    {
      key: 'passives',
      label: 'Passives',
      wide: true,
      render: (p) => (
        <span className="pal-passives">
          <Skills list={p.passiveSkills} />
        </span>
      ),
    },
  ];
}

/** A pal as a card of the phone's list: the same facts as a table row, stacked. */
function PalTile({ p, open }: { p: ExplorerPal; open: (p: ExplorerPal) => void }) {
  return (
    <li className="pal-tile">
      <div className="pal-tile-head">
        <button type="button" className="link pal-open" onClick={() => open(p)} aria-haspopup="dialog">
          {p.displayName}
        </button>
        <span className="pal-tile-level">Lv {p.level}</span>
      </div>
      <div className="pal-tile-line">
        <Stars n={p.stars} /> {p.isAlpha && <Badge tone="warn">alpha</Badge>} {p.isLucky && <Badge tone="info">lucky</Badge>}
        <TalentBars t={p.talents} />
      </div>
      <div className="pal-tile-line muted">
        {whereCell(p)} · {p.ownerName || 'no owner'}
      </div>
    </li>
  );
}

const FILTER_KEYS = [
  'owner',
  'species',
  'placement',
  'kind',
  'minLevel',
  'maxLevel',
  'alpha',
  'lucky',
  'minStars',
  'maxStars',
  'passive',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
const SORTS: Record<string, string> = {
  level: 'Level',
  name: 'Name',
  species: 'Species id',
  stars: 'Stars',
  talents: 'Talents (sum)',
  owner: 'Owner',
};
const STAR_CHOICES: Record<string, { label: string; min?: string; max?: string }> = {
  '': { label: 'Any' },
  none: { label: 'None (not condensed)', max: '0' },
  '1': { label: '★ 1 or more', min: '1' },
  '2': { label: '★★ 2 or more', min: '2' },
  '3': { label: '★★★ 3 or more', min: '3' },
  '4': { label: '★★★★ 4', min: '4' },
};

function chipWords(k: FilterKey, v: string, passiveName: (id: string) => string): string {
  switch (k) {
    case 'owner':
      return `owner “${v}”`;
    case 'species':
      return `species “${v}”`;
    case 'placement':
      return `in ${PLACEMENT_WORDS[v as keyof typeof PLACEMENT_WORDS] ?? v}`;
    case 'kind':
      return v === 'human' ? 'captured humans' : 'pals only';
    case 'minLevel':
      return `level ≥ ${v}`;
    case 'maxLevel':
      return `level ≤ ${v}`;
    case 'alpha':
      return v === 'true' ? 'alpha' : 'not alpha';
    case 'lucky':
      return v === 'true' ? 'lucky' : 'not lucky';
    case 'minStars':
      return `★ ≥ ${v}`;
    case 'maxStars':
      return `★ ≤ ${v}`;
    case 'passive':
      return `passive ${passiveName(v)}`;
  }
}

export function Pals() {
  useTitle('Pals');
  const params = useSearch();
  const f = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<FilterKey, string>;
  const sort = params.get('sort') ?? 'level';
  const order = params.get('order') ?? 'desc';
  const [draft, setDraft] = useState({ owner: f.owner, species: f.species });
  const [open, setOpen] = useState<ExplorerPal | null>(null);
  const query = qs({ ...f, sort, order, limit: 100 });
  const list = usePalPages(query);
  const passives = useData<(SkillName & { pals: number })[]>('/pals/passives');
  const passiveName = (id: string) => passives.data?.find((s) => s.id.toLowerCase() === id.toLowerCase())?.name ?? skillName(id);
  const active = FILTER_KEYS.filter((k) => f[k] !== '');
  const starsChoice = Object.entries(STAR_CHOICES).find(([, c]) => (c.min ?? '') === f.minStars && (c.max ?? '') === f.maxStars)?.[0] ?? '';

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
  const first = list.page * 100;

  return (
    <>
      <PageHead title="Pals" />
      <form className="filters card pal-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter pals">
        <Field
          label="Owner"
          type="search"
          placeholder="Name or uid"
          value={draft.owner}
          onChange={(e) => setDraft({ ...draft, owner: e.target.value })}
        />
        <Field
          label="Species"
          type="search"
          placeholder="Lamball, SheepBall…"
          value={draft.species}
          onChange={(e) => setDraft({ ...draft, species: e.target.value })}
        />
        <SelectField label="Where" value={f.placement} onChange={(e) => setSearch({ placement: e.target.value || undefined })}>
          <option value="">Anywhere</option>
          <option value="party">Party</option>
          <option value="box">Palbox</option>
          <option value="base">Base</option>
          <option value="unknown">Unknown</option>
        </SelectField>
        <SelectField label="Kind" value={f.kind} onChange={(e) => setSearch({ kind: e.target.value || undefined })}>
          <option value="">Pals and humans</option>
          <option value="pal">Pals only</option>
          <option value="human">Captured humans</option>
        </SelectField>
        <Field
          fieldClass="field narrow"
          label="Level from"
          type="number"
          min={0}
          max={999}
          value={f.minLevel}
          onChange={(e) => setSearch({ minLevel: e.target.value || undefined })}
        />
        <Field
          fieldClass="field narrow"
          label="Level to"
          type="number"
          min={0}
          max={999}
          value={f.maxLevel}
          onChange={(e) => setSearch({ maxLevel: e.target.value || undefined })}
        />
        <SelectField
          label="Stars"
          value={starsChoice}
          onChange={(e) => {
            const c = STAR_CHOICES[e.target.value] ?? STAR_CHOICES[''];
            setSearch({ minStars: c.min, maxStars: c.max });
          }}
        >
          {Object.entries(STAR_CHOICES).map(([v, c]) => (
            <option key={v} value={v}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Alpha" value={f.alpha} onChange={(e) => setSearch({ alpha: e.target.value || undefined })}>
          <option value="">Any</option>
          <option value="true">Alpha only</option>
          <option value="false">No alpha</option>
        </SelectField>
        <SelectField label="Lucky" value={f.lucky} onChange={(e) => setSearch({ lucky: e.target.value || undefined })}>
          <option value="">Any</option>
          <option value="true">Lucky only</option>
          <option value="false">Not lucky</option>
        </SelectField>
        <SelectField label="Passive skill" value={f.passive} onChange={(e) => setSearch({ passive: e.target.value || undefined })}>
          <option value="">Any</option>
          {f.passive && !passives.data?.some((s) => s.id.toLowerCase() === f.passive.toLowerCase()) && (
            <option value={f.passive}>{passiveName(f.passive)}</option>
          )}
          {(passives.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.pals.toLocaleString('en')})
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by"
          value={sort}
          onChange={(e) => setSearch({ sort: e.target.value === 'level' ? undefined : e.target.value })}
        >
          {Object.entries(SORTS).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Order"
          value={order}
          onChange={(e) => setSearch({ order: e.target.value === 'desc' ? undefined : e.target.value })}
        >
          <option value="desc">Highest first</option>
          <option value="asc">Lowest first</option>
        </SelectField>
      </form>
      {active.length > 0 && (
        <div className="pal-chips" role="group" aria-label="Filters in use">
          {active.map((k) => (
            <button
              key={k}
              type="button"
              className="chip"
              onClick={() => clearOne(k)}
              aria-label={`Remove filter: ${chipWords(k, f[k], passiveName)}`}
            >
              {chipWords(k, f[k], passiveName)} <span aria-hidden="true">×</span>
            </button>
          ))}
          <button type="button" className="link" onClick={clearAll}>
            Clear filters
          </button>
        </div>
      )}
      <details className="pal-unknown-note">
        <summary>Why are some pals “Unknown”?</summary>
        <p>
          The panel places a pal only when its container is named exactly: a player&apos;s party or Palbox (named in that player&apos;s own
          file, <code>Players/&lt;uid&gt;.sav</code>) or a base&apos;s workers. A container&apos;s size is never taken as proof. A pal is
          “Unknown” when:
        </p>
        <ul>
          {Object.entries(UNKNOWN_WORDS).map(([k, w]) => (
            <li key={k}>
              <strong>{UNKNOWN_SHORT[k as keyof typeof UNKNOWN_SHORT]}</strong>: {w}
            </li>
          ))}
        </ul>
        <p className="muted">Copying the missing player files into the save folder places their pals at the next parse.</p>
      </details>
      <div className="card">
        <ErrorNote error={list.error} retry={list.reload} />
        {list.rows === null ? (
          !list.error && <Loading what="Reading pals" />
        ) : list.rows.length === 0 ? (
          active.length > 0 ? (
            <Empty>
              No pal matches these filters.{' '}
              <button type="button" className="link" onClick={clearAll}>
                Clear filters
              </button>
            </Empty>
          ) : (
            <Empty>No pals yet: they appear once the save has been read.</Empty>
          )
        ) : (
          <>
            <p className="pal-count" role="status">
              {list.total === 1 ? '1 pal' : `${(list.total ?? 0).toLocaleString('en')} pals`}
              {(list.total ?? 0) > list.rows.length &&
                ` · showing ${(first + 1).toLocaleString('en')}–${(first + list.rows.length).toLocaleString('en')}`}
            </p>
            <div className="pal-table-view">
              <DataTable
                caption="Pals"
                rows={list.rows}
                columns={explorerColumns(setOpen)}
                rowKey={(p) => p.instanceId}
                sorted={{ key: sort, dir: order === 'asc' ? 1 : -1 }}
                onSort={(k, dir) => SORTS[k] && setSearch({ sort: k === 'level' ? undefined : k, order: dir === 1 ? 'asc' : undefined })}
              />
            </div>
            <ul className="pal-cards-view" aria-label="Pals">
              {list.rows.map((p) => (
                <PalTile key={p.instanceId} p={p} open={setOpen} />
              ))}
            </ul>
            {(list.page > 0 || list.hasNext) && (
              <nav className="pal-pager" aria-label="Pages of pals">
                <button type="button" onClick={list.prev} disabled={list.page === 0}>
                  Previous
                </button>
                <span className="muted">Page {list.page + 1}</span>
                <button type="button" onClick={list.next} disabled={!list.hasNext}>
                  Next
                </button>
              </nav>
            )}
          </>
        )}
      </div>
      <PalCard pal={open} onClose={() => setOpen(null)} />
    </>
  );
}
