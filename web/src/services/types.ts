import type { components, operations, paths } from './schema';

/**
 * The gateway's messages under their OpenAPI names (`v1Permit`, ...), generated from the proto
 * files into `schema.d.ts` by scripts/gen-api.mjs. Every field is present in the JSON (the gateway
 * writes protojson with EmitUnpopulated); int64 ids arrive as strings.
 */
export type Schemas = components['schemas'];

/** The bare message an operation answers with (request() returns it inside the Blade envelope's data). */
export type Reply<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer B } } }
  ? B
  : never;

/** A message as a request writes it: any field may be left out (the server fills or keeps it), at any depth. */
export type Draft<T> = T extends (infer E)[] ? Draft<E>[] : T extends object ? { [K in keyof T]?: Draft<T[K]> } : T;

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The API paths that answer GET. */
export type GetPath = { [P in keyof paths]: paths[P] extends { get: { responses: { 200: unknown } } } ? P : never }[keyof paths];

/**
 * What the envelope's `data` holds for a message: the gateway writes a message whose only field
 * is the list `items` as the bare list (gateway/jsonenc.go, marshalData), any other as itself.
 */
export type Data<T> = [keyof T] extends ['items'] ? (T extends { items: infer L } ? L : T) : T;

/** The envelope data a GET of the path answers with. */
export type GetData<P extends GetPath> = Data<JsonBody<paths[P]['get']['responses'][200]>>;
