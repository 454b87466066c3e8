// The explorer's filter form, the chips of the filters in use, and the note on "Unknown" pals.
import { FormattedMessage, useIntl } from 'react-intl';
import { useGameName } from '../../i18n/game-names';
import { setSearch } from '../../shared/router';
import type { SkillName } from '../../types';
import { Field, SelectField } from '../../ui/fields';
import { chipWords, SORTS, STAR_CHOICES, type FilterKey } from './pal-filters';
import { UNKNOWN_REASONS, unknownShort, unknownWords } from './pal-words';

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
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id: `pals.filters.${id}` });
  const name = useGameName();
  return (
    <form className="filters card pal-filters" onSubmit={(e) => e.preventDefault()} aria-label={say('form')}>
      <Field
        label={say('owner')}
        type="search"
        placeholder={say('ownerPlaceholder')}
        value={draft.owner}
        onChange={(e) => setDraft({ ...draft, owner: e.target.value })}
      />
      <Field
        label={say('species')}
        type="search"
        placeholder={say('speciesPlaceholder')}
        value={draft.species}
        onChange={(e) => setDraft({ ...draft, species: e.target.value })}
      />
      <SelectField label={say('where')} value={f.placement} onChange={(e) => setSearch({ placement: e.target.value || undefined })}>
        <option value="">{say('anywhere')}</option>
        <option value="party">{say('party')}</option>
        <option value="box">{say('box')}</option>
        <option value="base">{say('base')}</option>
        <option value="unknown">{say('unknown')}</option>
      </SelectField>
      <SelectField label={say('kind')} value={f.kind} onChange={(e) => setSearch({ kind: e.target.value || undefined })}>
        <option value="">{say('palsAndHumans')}</option>
        <option value="pal">{say('palsOnly')}</option>
        <option value="human">{say('humans')}</option>
      </SelectField>
      <Field
        fieldClass="field narrow"
        label={say('levelFrom')}
        type="number"
        min={0}
        max={999}
        value={f.minLevel}
        onChange={(e) => setSearch({ minLevel: e.target.value || undefined })}
      />
      <Field
        fieldClass="field narrow"
        label={say('levelTo')}
        type="number"
        min={0}
        max={999}
        value={f.maxLevel}
        onChange={(e) => setSearch({ maxLevel: e.target.value || undefined })}
      />
      <StarsSelect f={f} />
      <SelectField label={say('alpha')} value={f.alpha} onChange={(e) => setSearch({ alpha: e.target.value || undefined })}>
        <option value="">{say('any')}</option>
        <option value="true">{say('alphaOnly')}</option>
        <option value="false">{say('noAlpha')}</option>
      </SelectField>
      <SelectField label={say('lucky')} value={f.lucky} onChange={(e) => setSearch({ lucky: e.target.value || undefined })}>
        <option value="">{say('any')}</option>
        <option value="true">{say('luckyOnly')}</option>
        <option value="false">{say('notLucky')}</option>
      </SelectField>
      <SelectField label={say('passive')} value={f.passive} onChange={(e) => setSearch({ passive: e.target.value || undefined })}>
        <option value="">{say('any')}</option>
        {f.passive && !passives?.some((s) => s.id.toLowerCase() === f.passive.toLowerCase()) && (
          <option value={f.passive}>{passiveName(f.passive)}</option>
        )}
        {(passives ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {intl.formatMessage({ id: 'pals.filters.passiveOption' }, { name: name('passive', s.id, s.name), pals: s.pals })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={say('sortBy')}
        value={sort}
        onChange={(e) => setSearch({ sort: e.target.value === 'level' ? undefined : e.target.value })}
      >
        {Object.entries(SORTS).map(([v, l]) => (
          <option key={v} value={v}>
            {intl.formatMessage({ id: l })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={say('order')}
        value={order}
        onChange={(e) => setSearch({ order: e.target.value === 'desc' ? undefined : e.target.value })}
      >
        <option value="desc">{say('desc')}</option>
        <option value="asc">{say('asc')}</option>
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
  const intl = useIntl();
  return (
    <div className="pal-chips" role="group" aria-label={intl.formatMessage({ id: 'pals.chips.label' })}>
      {active.map((k) => (
        <button
          key={k}
          type="button"
          className="chip"
          onClick={() => clearOne(k)}
          aria-label={intl.formatMessage({ id: 'pals.chips.remove' }, { filter: chipWords(intl, k, f[k], passiveName) })}
        >
          {chipWords(intl, k, f[k], passiveName)} <span aria-hidden="true">×</span>
        </button>
      ))}
      <button type="button" className="link" onClick={clearAll}>
        {intl.formatMessage({ id: 'pals.chips.clear' })}
      </button>
    </div>
  );
}

export function UnknownNote() {
  const intl = useIntl();
  return (
    <details className="pal-unknown-note">
      <summary>{intl.formatMessage({ id: 'pals.unknownNote.summary' })}</summary>
      <p>
        <FormattedMessage id="pals.unknownNote.body" values={{ file: <code key="file">Players/&lt;uid&gt;.sav</code> }} />
      </p>
      <ul>
        {UNKNOWN_REASONS.map((k) => (
          <li key={k}>
            <FormattedMessage
              id="pals.unknownNote.item"
              values={{ short: <strong key="short">{unknownShort(intl, k)}</strong>, words: unknownWords(intl, k) }}
            />
          </li>
        ))}
      </ul>
      <p className="muted">{intl.formatMessage({ id: 'pals.unknownNote.copy' })}</p>
    </details>
  );
}

/** Condenser stars as the choices a host means: none, or at least one to four. */
function StarsSelect({ f }: { f: Filters }) {
  const intl = useIntl();
  const starsChoice = Object.entries(STAR_CHOICES).find(([, c]) => (c.min ?? '') === f.minStars && (c.max ?? '') === f.maxStars)?.[0] ?? '';
  return (
    <SelectField
      label={intl.formatMessage({ id: 'pals.filters.stars' })}
      value={starsChoice}
      onChange={(e) => {
        const c = STAR_CHOICES[e.target.value] ?? STAR_CHOICES[''];
        setSearch({ minStars: c.min, maxStars: c.max });
      }}
    >
      {Object.entries(STAR_CHOICES).map(([v, c]) => (
        <option key={v} value={v}>
          {intl.formatMessage({ id: c.label })}
        </option>
      ))}
    </SelectField>
  );
}
