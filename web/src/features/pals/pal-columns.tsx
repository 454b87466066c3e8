// A pal as a row: the columns of a player's or a guild's pals (sorted in the browser), the
// explorer's columns (sorted by the server) and the phone's tile of the same facts.
import { Link } from '../../shared/router';
import type { Pal } from '../../types';
import { Badge } from '../../ui/bits';
import type { Column } from '../../ui/table';
import { Skills, Stars, TalentBars } from './PalBits';
import { PLACEMENT_WORDS, UNKNOWN_SHORT, UNKNOWN_WORDS } from './pal-words';
import type { ExplorerPal } from './types';

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

export function explorerColumns(open: (p: ExplorerPal) => void): Column<ExplorerPal>[] {
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
export function PalTile({ p, open }: { p: ExplorerPal; open: (p: ExplorerPal) => void }) {
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
