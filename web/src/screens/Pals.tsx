// The pal browser: every pal of the save, filtered by owner, species, placement and level and
// sorted on the server (a world may hold 100,000 of them), a hundred at a time.
import { useEffect, useState } from 'react';
import { qs } from '../api';
import { usePaged } from '../hooks';
import { Link, setSearch, useSearch, useTitle } from '../router';
import type { Placement } from '../../../src/lib/world';
import type { Pal, SkillName } from '../types';
import { Badge, PageHead } from '../ui/bits';
import { Field, SelectField } from '../ui/fields';
import { DataTable, type Column } from '../ui/table';
import { PagedList } from '../ui/states';

/** Skill names with the game's id on hover; an id the panel cannot name is shown as-is and marked. */
export function Skills({ list }: { list: SkillName[] | undefined }) {
  if (!list || list.length === 0) return <span className="muted">none</span>;
  return (
    <>
      {list.map((s, i) => (
        <span key={`${i}-${s.id}`}>
          {i > 0 && ', '}
          {s.known ? (
            <span title={s.id}>{s.name}</span>
          ) : (
            <>
              <code>{s.id}</code> <span className="muted">(unknown)</span>
            </>
          )}
        </span>
      ))}
    </>
  );
}

const PLACEMENT_WORDS: Record<Placement, string> = { party: 'party', box: 'Palbox', base: 'base', unknown: 'unknown' };

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
    { key: 'gender', label: 'Gender', wide: true, render: (p) => p.gender },
    { key: 'talents', label: 'IVs (hp/atk/def)', wide: true, render: (p) => `${p.talents.hp}/${p.talents.shot}/${p.talents.defense}` },
    { key: 'passives', label: 'Passives', wide: true, render: (p) => <Skills list={p.passiveSkills} /> },
    { key: 'skills', label: 'Active skills', wide: true, render: (p) => <Skills list={p.equippedSkills} /> },
  ];
}

const SORT_KEYS: Record<string, string> = { name: 'name', species: 'species', level: 'level', owner: 'owner' };

export function Pals() {
  useTitle('Pals');
  const params = useSearch();
  const f = {
    owner: params.get('owner') ?? '',
    species: params.get('species') ?? '',
    placement: params.get('placement') ?? '',
    kind: params.get('kind') ?? '',
    minLevel: params.get('minLevel') ?? '',
    maxLevel: params.get('maxLevel') ?? '',
    sort: params.get('sort') ?? 'level',
    order: params.get('order') ?? 'desc',
  };
  const [draft, setDraft] = useState({ owner: f.owner, species: f.species });
  const list = usePaged<Pal>(`/pals${qs({ ...f, limit: 100 })}`);

  useEffect(() => {
    const t = setTimeout(() => setSearch({ owner: draft.owner.trim() || undefined, species: draft.species.trim() || undefined }), 300);
    return () => clearTimeout(t);
  }, [draft]);

  return (
    <>
      <PageHead title="Pals" />
      <form className="filters card" onSubmit={(e) => e.preventDefault()} aria-label="Filter pals">
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
          label="to"
          type="number"
          min={0}
          max={999}
          value={f.maxLevel}
          onChange={(e) => setSearch({ maxLevel: e.target.value || undefined })}
        />
      </form>
      <div className="card">
        <PagedList list={list} what="Reading pals">
          {(rows) => (
            <DataTable
              caption="Pals"
              rows={rows}
              columns={palColumns(true)}
              rowKey={(p) => p.instanceId}
              empty="No pal matches these filters."
              sorted={{ key: Object.keys(SORT_KEYS).find((k) => SORT_KEYS[k] === f.sort) ?? 'level', dir: f.order === 'asc' ? 1 : -1 }}
              onSort={(k, dir) => SORT_KEYS[k] && setSearch({ sort: SORT_KEYS[k], order: dir === 1 ? 'asc' : 'desc' })}
            />
          )}
        </PagedList>
      </div>
    </>
  );
}
