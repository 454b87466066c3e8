// Item containers as the world-item screens show them: each container a titled block with its
// slots (item, count, rarity, flags), and the words for container kinds, rarities and food states.
import type { ReactNode } from 'react';
import { num } from '../../shared/format';
import { Badge, type Tone } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import type { ContainerRow, SlotRow } from './world-api';

export const KIND_WORDS: Record<ContainerRow['kind'], string> = {
  inventory: 'Inventory',
  keyItems: 'Key items',
  weapons: 'Weapons',
  armor: 'Armour and accessories',
  food: 'Food slots',
  dropSlot: 'Drop slot',
  guildStorage: 'Guild storage',
  chest: 'Chest',
  foodBox: 'Food box',
  incubator: 'Egg incubator',
  production: 'Production',
  dropped: 'Dropped items',
  treasure: 'World chest',
  other: 'Other',
  unknown: 'Unknown',
};

const RARITY: [string, Tone][] = [
  ['common', 'muted'],
  ['uncommon', 'ok'],
  ['rare', 'info'],
  ['epic', 'warn'],
  ['legendary', 'bad'],
];

export function Rarity({ rarity }: { rarity: number | null }) {
  if (rarity === null) return <span className="muted small">unknown</span>;
  const [word, tone] = RARITY[rarity] ?? ['special', 'bad'];
  return <Badge tone={tone}>{word}</Badge>;
}

export const rarityWord = (rarity: number | null): string => (rarity === null ? 'unknown' : (RARITY[rarity]?.[0] ?? 'special'));

export function FoodBadge({ food }: { food: 'empty' | 'low' | 'ok' | 'none' }) {
  if (food === 'empty') return <Badge tone="bad">food empty</Badge>;
  if (food === 'low') return <Badge tone="warn">food low</Badge>;
  if (food === 'ok') return <Badge tone="ok">food ok</Badge>;
  return <span className="muted small">no food box</span>;
}

function itemCell(s: SlotRow): ReactNode {
  return (
    <>
      {s.name}
      {s.eggName && <span className="muted small"> · {s.eggName} inside</span>}
      {s.overStack && (
        <>
          {' '}
          <Badge tone="warn">over the stack limit</Badge>
        </>
      )}
    </>
  );
}

/** One container: its kind (and map object), its total and capacity, and its slots. */
export function ContainerBlock({ c, owner }: { c: ContainerRow; owner?: ReactNode }) {
  const used = c.capacity !== undefined ? `${c.slots.length} of ${c.capacity} slots` : `${c.slots.length} slots used`;
  return (
    <section className="container-block" aria-label={KIND_WORDS[c.kind]}>
      <h3>
        {KIND_WORDS[c.kind]}
        {c.object && c.kind !== 'inventory' && <span className="muted small"> · {c.object}</span>} {c.food && <FoodBadge food={c.food} />}
      </h3>
      <p className="muted small">
        {num(c.total)} items · {used}
        {owner}
      </p>
      {c.slots.length > 0 && (
        <DataTable
          caption={`${KIND_WORDS[c.kind]} slots`}
          rows={c.slots}
          rowKey={(s) => String(s.slot)}
          columns={[
            { key: 'item', label: 'Item', sort: (s) => s.name.toLowerCase(), render: itemCell },
            { key: 'count', label: 'Count', numeric: true, sort: (s) => s.count, render: (s) => num(s.count) },
            { key: 'rarity', label: 'Rarity', sort: (s) => s.rarity ?? -1, render: (s) => <Rarity rarity={s.rarity} /> },
            {
              key: 'durability',
              label: 'Durability',
              numeric: true,
              wide: true,
              sort: (s) => s.durability ?? -1,
              render: (s) => (s.durability === undefined ? '—' : num(Math.round(s.durability))),
            },
            { key: 'slot', label: 'Slot', numeric: true, wide: true, sort: (s) => s.slot, render: (s) => s.slot },
          ]}
        />
      )}
    </section>
  );
}
