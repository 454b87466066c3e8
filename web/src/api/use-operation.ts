// The data hooks by operation: a screen names what it reads (and its inputs) and gets the
// answer typed from the contract. Underneath they are the path hooks of hooks.ts, fed the path
// the operation's id and inputs make.
import { useApi, useData, useEditable, usePaged, type Loaded, type Paged } from './hooks';
import { pathOf, type Answer, type DataOf, type Input, type ReadId, type RowOf } from './operations';

export interface ReadOpts {
  /** Read again this often. */
  refreshMs?: number;
  /** A value whose change reads again (e.g. the count of live events). */
  refreshKey?: unknown;
}

/** `input` null: nothing is read (yet), e.g. until a dialog opens or for a role that may not. */
const path = <I extends ReadId>(id: I, input: Input<I> | null | undefined) =>
  input === null ? null : pathOf(id, (input ?? {}) as Input<I>);

/** The whole answer of a read. */
export function useOperation<I extends ReadId>(id: I, input?: Input<I> | null, opts: ReadOpts = {}): Loaded<Answer<I>> {
  return useApi<Answer<I>>(path(id, input), opts);
}

/** The `data` of a read's `{data}` answer. */
export function useOperationData<I extends ReadId>(id: I, input?: Input<I> | null, opts: ReadOpts = {}): Loaded<DataOf<I>> {
  return useData<DataOf<I>>(path(id, input), opts);
}

/** A listed read a page at a time (`nextCursor`), with the live refresh of usePaged. */
export function usePagedOperation<I extends ReadId>(
  id: I,
  input: Input<I>,
  live?: { key: unknown; idOf: (row: RowOf<I>) => string | number },
): Paged<RowOf<I>> {
  return usePaged<RowOf<I>>(pathOf(id, input), live);
}

/** A settings form over what `id` reads, saved by `save` (the write operation of its feature). */
export function useEditableOperation<I extends ReadId>(id: I, save: (draft: DataOf<I>) => Promise<unknown>) {
  return useEditable<DataOf<I>>(pathOf(id, {} as Input<I>), save);
}
