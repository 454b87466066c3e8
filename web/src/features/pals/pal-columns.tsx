// A pal as a row: the columns of a player's or a guild's pals (sorted in the browser), the
// explorer's columns (sorted by the server) and the phone's tile of the same facts.
import { useIntl, type IntlShape } from 'react-intl';
import { useGameName, type GameName } from '../../i18n/game-names';
import { Link } from '../../shared/router';
import type { Pal } from '../../types';
import { Badge, Data } from '../../ui/bits';
import type { Column } from '../../ui/table';
import { Skills, Stars, TalentBars } from './PalBits';
import { placementWord, unknownShort, unknownWords } from './pal-words';
import type { ExplorerPal } from './types';

const starsOfRank = (rank: number | null) => (rank !== null && rank >= 1 && rank <= 5 ? rank - 1 : 0);
const col = (intl: IntlShape, id: string) => intl.formatMessage({ id: `pals.col.${id}` });

/** The pal's species name in the UI's language, its alpha and lucky badges. */
function PalName({ p, open }: { p: Pal; open?: () => void }) {
  const intl = useIntl();
  const name = useGameName()('species', p.characterId, p.displayName);
  return (
    <>
      {open ? (
        <button type="button" className="link pal-open" onClick={open} aria-haspopup="dialog">
          {name}
        </button>
      ) : (
        name
      )}{' '}
      {p.isAlpha && <Badge tone="warn">{intl.formatMessage({ id: 'pals.badge.alpha' })}</Badge>}{' '}
      {p.isLucky && <Badge tone="info">{intl.formatMessage({ id: 'pals.badge.lucky' })}</Badge>}
    </>
  );
}

function Owner({ p }: { p: { ownerResolved?: boolean; ownerUid?: string; ownerName?: string } }) {
  const intl = useIntl();
  return p.ownerResolved && p.ownerUid ? (
    <Link href={`/players/${p.ownerUid}`} translate="no">
      {p.ownerName || intl.formatMessage({ id: 'pals.noName' })}
    </Link>
  ) : (
    <span className="muted">{p.ownerName || intl.formatMessage({ id: 'pals.ownerUnknown' })}</span>
  );
}

/** The columns of a player's or a guild's pals, sorted in the browser (by the names shown). */
export function palColumns(intl: IntlShape, name: GameName, withOwner: boolean): Column<Pal>[] {
  return [
    {
      key: 'name',
      label: col(intl, 'pal'),
      sort: (p) => name('species', p.characterId, p.displayName).toLowerCase(),
      render: (p) => <PalName p={p} />,
    },
    { key: 'species', label: col(intl, 'speciesId'), wide: true, sort: (p) => p.characterId, render: (p) => <code>{p.characterId}</code> },
    { key: 'level', label: col(intl, 'level'), numeric: true, sort: (p) => p.level, render: (p) => p.level },
    { key: 'stars', label: col(intl, 'stars'), sort: (p) => starsOfRank(p.rank), render: (p) => <Stars n={starsOfRank(p.rank)} /> },
    ...(withOwner
      ? [
          {
            key: 'owner',
            label: col(intl, 'owner'),
            sort: (p: Pal) => (p.ownerName ?? '').toLowerCase(),
            render: (p: Pal) => <Owner p={p} />,
          },
        ]
      : []),
    { key: 'placement', label: col(intl, 'where'), sort: (p) => p.placement, render: (p) => placementWord(intl, p.placement) },
    { key: 'talents', label: col(intl, 'talentsShort'), wide: true, render: (p) => <TalentBars t={p.talents} /> },
    { key: 'passives', label: col(intl, 'passives'), wide: true, render: (p) => <Skills list={p.passiveSkills} kind="passive" /> },
    { key: 'skills', label: col(intl, 'actives'), wide: true, render: (p) => <Skills list={p.equippedSkills} kind="active" /> },
  ];
}

function WhereCell({ p }: { p: ExplorerPal }) {
  const intl = useIntl();
  if (!p.unknownReason) return <>{placementWord(intl, p.placement)}</>;
  return (
    <span title={unknownWords(intl, p.unknownReason)}>
      {placementWord(intl, 'unknown')} <span className="muted pal-why">{unknownShort(intl, p.unknownReason)}</span>
    </span>
  );
}

export function explorerColumns(intl: IntlShape, open: (p: ExplorerPal) => void): Column<ExplorerPal>[] {
  return [
    { key: 'name', label: col(intl, 'pal'), sort: () => 0, render: (p) => <PalName p={p} open={() => open(p)} /> },
    { key: 'species', label: col(intl, 'speciesId'), wide: true, sort: () => 0, render: (p) => <code>{p.characterId}</code> },
    { key: 'level', label: col(intl, 'level'), numeric: true, sort: () => 0, render: (p) => p.level },
    { key: 'stars', label: col(intl, 'stars'), sort: () => 0, render: (p) => <Stars n={p.stars} /> },
    { key: 'talents', label: col(intl, 'talentsShort'), sort: () => 0, render: (p) => <TalentBars t={p.talents} /> },
    { key: 'owner', label: col(intl, 'owner'), sort: () => 0, render: (p) => <Owner p={p} /> },
    { key: 'placement', label: col(intl, 'where'), render: (p) => <WhereCell p={p} /> },
    {
      key: 'passives',
      label: col(intl, 'passives'),
      wide: true,
      render: (p) => (
        <span className="pal-passives">
          <Skills list={p.passiveSkills} kind="passive" />
        </span>
      ),
    },
  ];
}

/** A pal as a card of the phone's list: the same facts as a table row, stacked. */
export function PalTile({ p, open }: { p: ExplorerPal; open: (p: ExplorerPal) => void }) {
  const intl = useIntl();
  const name = useGameName();
  return (
    <li className="pal-tile">
      <div className="pal-tile-head">
        <button type="button" className="link pal-open" onClick={() => open(p)} aria-haspopup="dialog">
          {name('species', p.characterId, p.displayName)}
        </button>
        <span className="pal-tile-level">{intl.formatMessage({ id: 'pals.tile.level' }, { level: p.level })}</span>
      </div>
      <div className="pal-tile-line">
        <Stars n={p.stars} /> {p.isAlpha && <Badge tone="warn">{intl.formatMessage({ id: 'pals.badge.alpha' })}</Badge>}{' '}
        {p.isLucky && <Badge tone="info">{intl.formatMessage({ id: 'pals.badge.lucky' })}</Badge>}
        <TalentBars t={p.talents} />
      </div>
      <div className="pal-tile-line muted">
        <WhereCell p={p} /> · {p.ownerName ? <Data>{p.ownerName}</Data> : intl.formatMessage({ id: 'pals.noOwner' })}
      </div>
    </li>
  );
}
