// The panel API by operation id: the method and path come from the route table's own list
// (contract/panel-paths.ts, plain strings, the one value the bundle takes from it) and the
// types of what is sent and answered from the contract's PanelIO (types only). A screen names
// the operation and its inputs; it never writes a path or pairs one with a type by hand.
import { PANEL_PATHS, type PanelOperationId } from '../../../src/contract/panel-paths';
import type { PanelIO } from '../../../src/contract/panel-operations';
import { API_BASE, request } from './http';

export type OperationId = PanelOperationId;
/** The operations a screen reads: those answered to GET. */
export type ReadId = { [I in OperationId]: (typeof PANEL_PATHS)[I][0] extends 'GET' ? I : never }[OperationId];

export type Answer<I extends OperationId> = PanelIO<I>['response'];
/** The `data` of an answer's `{data}` envelope. */
export type DataOf<I extends OperationId> = Answer<I> extends { data: infer D } ? D : never;
/** One row of a listed answer (`{data: [...]}`). */
export type RowOf<I extends OperationId> = DataOf<I> extends readonly (infer R)[] ? R : never;

/** A part of the input: absent when the operation has none, optional when all its members are. */
type Part<K extends string, T> = [keyof T] extends [never]
  ? { [P in K]?: undefined }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
type BodyPart<T> = [T] extends [undefined] ? { body?: undefined } : { body: T };

/** What a call of `I` takes: its path parameters, query and JSON body. */
export type Input<I extends OperationId> = Part<'params', PanelIO<I>['params']> &
  Part<'query', PanelIO<I>['query']> &
  BodyPart<PanelIO<I>['body']>;

/** Request options beside the input: a file sent as the body, headers (If-Match), a signal. */
export interface CallInit {
  raw?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** The operation's path below /api/v1: `{param}`s filled (encoded), the query after it in the
 * order given, members with no value left out. */
export function pathOf<I extends OperationId>(id: I, input?: Input<I>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: Query };
  const path = PANEL_PATHS[id][1].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${id}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** The operation's address for the browser itself: a download link, the event stream. */
export function urlOf<I extends OperationId>(id: I, input?: Input<I>): string {
  return API_BASE + pathOf(id, input);
}

/** Calls the operation. A POST, PUT or PATCH with no body sends `{}` (the API reads an empty
 * object where it takes one); a GET or DELETE sends none. */
export function call<I extends OperationId>(
  id: I,
  ...[input, init = {}]: Record<never, never> extends Input<I> ? [input?: Input<I>, init?: CallInit] : [input: Input<I>, init?: CallInit]
): Promise<Answer<I>> {
  const method = PANEL_PATHS[id][0];
  const given = (input as { body?: unknown } | undefined)?.body;
  const body = given !== undefined ? given : init.raw || method === 'GET' || method === 'DELETE' ? undefined : {};
  return request<Answer<I>>(method, pathOf(id, input), body, init);
}

/** The JSON body an operation takes. */
export type BodyOf<I extends OperationId> = PanelIO<I>['body'];
/** The query an operation takes. */
export type QueryOf<I extends OperationId> = PanelIO<I>['query'];
