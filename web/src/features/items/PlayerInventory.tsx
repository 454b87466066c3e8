// The player page's inventory (issue 42): their containers from the last parse (inventory,
// weapons, armour and accessories, food slots, key items, the drop slot), with counts and rarity.
// Drawn in the player page's folded Inventory section, so it is read only when unfolded.
// A player whose own save was not read has no inventory to show: said so, never drawn empty.
import { useIntl } from 'react-intl';
import { num } from '../../shared/format';
import { Stat } from '../../ui/bits';
import { Async, Empty } from '../../ui/states';
import { ContainerBlock } from './containers';
import { useInventory, type ContainerRow } from './world-api';

const ORDER: ContainerRow['kind'][] = ['inventory', 'weapons', 'armor', 'food', 'keyItems', 'dropSlot'];

export function InventoryBody({ uid }: { uid: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `worldItems.inventory.${id}` }, values);
  const r = useInventory(uid);
  return (
    <Async r={r} what={t('reading')}>
      {(d) => {
        if (!d.itemsRead || !d.containers) return <Empty>{t('notRead')}</Empty>;
        const list = [...d.containers].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
        const total = list.reduce((n, c) => n + c.total, 0);
        const flagged = list.flatMap((c) => c.slots).filter((s) => s.overStack).length;
        return (
          <>
            <div className="stats">
              <Stat label={t('items')} value={num(total)} sub={t('inSlots', { count: list.reduce((n, c) => n + c.slots.length, 0) })} />
              <Stat label={t('containers')} value={list.length} />
              <Stat label={t('overStack')} value={flagged} sub={flagged ? t('overStackSome') : t('overStackNone')} />
            </div>
            {list.map((c) => (
              <ContainerBlock key={c.id} c={c} />
            ))}
          </>
        );
      }}
    </Async>
  );
}
