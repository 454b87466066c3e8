// Item containers as the world-item screens show them: each container a titled block with its
// slots (item, count, rarity, flags), and the words for container kinds, rarities and food states
// (catalog area worldItems; item names through useGameName, the API's name as the fallback).
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { num } from '../../shared/format';
import { useGameName } from '../../i18n/game-names';
import { Badge, type Tone } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import type { ContainerRow, SlotRow } from './world-api';

/** A container kind's name, e.g. "Food box" (worldItems.kind.foodBox). */
export const kindWord = (intl: IntlShape, kind: ContainerRow['kind']): string => intl.formatMessage({ id: `worldItems.kind.${kind}` });

const RARITY: ['common' | 'uncommon' | 'rare' | 'epic' | 'legendary', Tone][] = [
  ['common', 'muted'],
  ['uncommon', 'ok'],
  ['rare', 'info'],
  ['epic', 'warn'],
  ['legendary', 'bad'],
];

/** A rarity's word: common to legendary, "special" above, "unknown" without one. */
export const rarityWord = (intl: IntlShape, rarity: number | null): string =>
  intl.formatMessage({ id: `worldItems.rarity.${rarity === null ? 'unknown' : (RARITY[rarity]?.[0] ?? 'special')}` });

export function Rarity({ rarity }: { rarity: number | null }) {
  const intl = useIntl();
  if (rarity === null) return <span className="muted small">{rarityWord(intl, null)}</span>;
  const tone = RARITY[rarity]?.[1] ?? 'bad';
  return <Badge tone={tone}>{rarityWord(intl, rarity)}</Badge>;
}

export function FoodBadge({ food }: { food: 'empty' | 'low' | 'ok' | 'none' }) {
  const intl = useIntl();
  const word = intl.formatMessage({ id: `worldItems.food.${food}` });
  if (food === 'empty') return <Badge tone="bad">{word}</Badge>;
  if (food === 'low') return <Badge tone="warn">{word}</Badge>;
  if (food === 'ok') return <Badge tone="ok">{word}</Badge>;
  return <span className="muted small">{word}</span>;
}

function ItemCell({ s }: { s: SlotRow }): ReactNode {
  const intl = useIntl();
  const name = useGameName();
  return (
    <>
      {name('item', s.itemId, s.name)}
      {s.eggName && (
        <span className="muted small">
          {' · '}
          {intl.formatMessage(
            { id: 'worldItems.slot.eggInside' },
            { pal: s.eggCharacterId ? name('species', s.eggCharacterId, s.eggName) : s.eggName },
          )}
        </span>
      )}
      {s.overStack && (
        <>
          {' '}
          <Badge tone="warn">{intl.formatMessage({ id: 'worldItems.slot.overStack' })}</Badge>
        </>
      )}
    </>
  );
}

/** One container: its kind (and map object), its total and capacity, and its slots. */
export function ContainerBlock({ c, owner }: { c: ContainerRow; owner?: ReactNode }) {
  const intl = useIntl();
  const name = useGameName();
  const kind = kindWord(intl, c.kind);
  const used =
    c.capacity !== undefined
      ? intl.formatMessage({ id: 'worldItems.container.slotsOf' }, { used: c.slots.length, capacity: c.capacity })
      : intl.formatMessage({ id: 'worldItems.container.slotsUsed' }, { used: c.slots.length });
  const col = (id: string) => intl.formatMessage({ id: `worldItems.column.${id}` });
  return (
    <section className="container-block" aria-label={kind}>
      <h3>
        {kind}
        {c.object && c.kind !== 'inventory' && <span className="muted small"> · {c.object}</span>} {c.food && <FoodBadge food={c.food} />}
      </h3>
      <p className="muted small">
        {intl.formatMessage({ id: 'worldItems.container.items' }, { count: c.total, items: num(c.total), slots: used })}
        {owner}
      </p>
      {c.slots.length > 0 && (
        <DataTable
          caption={intl.formatMessage({ id: 'worldItems.container.caption' }, { kind })}
          rows={c.slots}
          rowKey={(s) => String(s.slot)}
          columns={[
            {
              key: 'item',
              label: col('item'),
              sort: (s) => name('item', s.itemId, s.name).toLowerCase(),
              render: (s) => <ItemCell s={s} />,
            },
            { key: 'count', label: col('count'), numeric: true, sort: (s) => s.count, render: (s) => num(s.count) },
            { key: 'rarity', label: col('rarity'), sort: (s) => s.rarity ?? -1, render: (s) => <Rarity rarity={s.rarity} /> },
            {
              key: 'durability',
              label: col('durability'),
              numeric: true,
              wide: true,
              sort: (s) => s.durability ?? -1,
              render: (s) => (s.durability === undefined ? '—' : num(Math.round(s.durability))),
            },
            { key: 'slot', label: col('slot'), numeric: true, wide: true, sort: (s) => s.slot, render: (s) => s.slot },
          ]}
        />
      )}
    </section>
  );
}
