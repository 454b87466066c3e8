// The explorer's filter form, the chips of the filters in use, and the note on "Unknown" pals.
import { setSearch } from '../../shared/router';
import type { SkillName } from '../../types';
import { Field, SelectField } from '../../ui/fields';
import { chipWords, SORTS, STAR_CHOICES, type FilterKey } from './pal-filters';
import { UNKNOWN_SHORT, UNKNOWN_WORDS } from './pal-words';

type Filters = Record<FilterKey, string>;

export function PalFilters({
  f,
  draft,
  setDraft,
  sort,
  order,
  passives,
  passiveName,
}: {
  f: Filters;
  draft: { owner: string; species: string };
  setDraft: (d: { owner: string; species: string }) => void;
  sort: string;
  order: string;
  passives: (SkillName & { pals: number })[] | undefined;
  passiveName: (id: string) => string;
}) {
  return (
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
        placeholder="Lamball, SheepBall"
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
      <StarsSelect f={f} />
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
        {f.passive && !passives?.some((s) => s.id.toLowerCase() === f.passive.toLowerCase()) && (
          <option value={f.passive}>{passiveName(f.passive)}</option>
        )}
        {(passives ?? []).map((s) => (
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
  );
}

export function FilterChips({
  f,
  active,
  passiveName,
  clearOne,
  clearAll,
}: {
  f: Filters;
  active: FilterKey[];
  passiveName: (id: string) => string;
  clearOne: (k: FilterKey) => void;
  clearAll: () => void;
}) {
  return (
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
  );
}

export function UnknownNote() {
  return (
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
  );
}

/** Condenser stars as the choices a host means: none, or at least one to four. */
function StarsSelect({ f }: { f: Filters }) {
  const starsChoice = Object.entries(STAR_CHOICES).find(([, c]) => (c.min ?? '') === f.minStars && (c.max ?? '') === f.maxStars)?.[0] ?? '';
  return (
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
  );
}
