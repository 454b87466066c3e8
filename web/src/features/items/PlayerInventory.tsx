// The player page's inventory (issue 42): their containers from the last parse (inventory,
// weapons, armour and accessories, food slots, key items, the drop slot), with counts and rarity.
// Drawn in the player page's folded Inventory section, so it is read only when unfolded.
// A player whose own save was not read has no inventory to show: said so, never drawn empty.
import { num } from '../../shared/format';
import { Stat } from '../../ui/bits';
import { Async, Empty } from '../../ui/states';
import { ContainerBlock } from './containers';
import { useInventory, type ContainerRow } from './world-api';

const ORDER: ContainerRow['kind'][] = ['inventory', 'weapons', 'armor', 'food', 'keyItems', 'dropSlot'];

export function InventoryBody({ uid }: { uid: string }) {
  const r = useInventory(uid);
  return (
    <Async r={r} what="Reading the inventory">
      {(d) => {
        if (!d.itemsRead || !d.containers) {
          return (
            <Empty>
              This player&apos;s own save file was not read (missing, empty or unreadable), or the last parse left items out: what they
              carry is unknown.
            </Empty>
          );
        }
        const list = [...d.containers].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
        const total = list.reduce((n, c) => n + c.total, 0);
        const flagged = list.flatMap((c) => c.slots).filter((s) => s.overStack).length;
        return (
          <>
            <div className="stats">
              <Stat label="Items" value={num(total)} sub={`in ${list.reduce((n, c) => n + c.slots.length, 0)} slots`} />
              <Stat label="Containers" value={list.length} />
              <Stat label="Over a stack limit" value={flagged} sub={flagged ? 'more than the game stacks' : 'none'} />
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
