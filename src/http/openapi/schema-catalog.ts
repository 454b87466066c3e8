// The document's `components.schemas`, converted from zod with z.toJSONSchema (JSON Schema
// 2020-12, OpenAPI 3.1's dialect). Named schemas (schemas.ts COMPONENTS) keep their names and
// are referenced wherever they appear, inside other schemas too; a route's body or response
// schema without a name gets one from its operationId. Request bodies are converted as zod
// reads them (`io: 'input'`: a member with a default is optional), responses as the service
// writes them.
import { z } from 'zod';
import { ref, type Json } from './shared.js';

type Io = 'input' | 'output';

export class SchemaCatalog {
  private readonly names = new Map<z.ZodType, string>();
  private readonly taken = new Map<string, z.ZodType>();
  private readonly used: Record<Io, Map<string, z.ZodType>> = { input: new Map(), output: new Map() };

  constructor(named: Record<string, z.ZodType>) {
    for (const [name, schema] of Object.entries(named)) {
      this.claim(name, schema);
      this.used.output.set(name, schema);
    }
  }

  /** A `$ref` to the schema, named `fallback` when it has no name yet. */
  ref(schema: z.ZodType, fallback: string, io: Io): Json {
    const name = this.names.get(schema) ?? this.claim(fallback, schema);
    this.used[io].set(name, schema);
    return ref('schemas', name);
  }

  /** Every schema referenced, each converted once. */
  toJson(): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const io of ['output', 'input'] as const) {
      if (this.used[io].size === 0) continue;
      const registry = z.registry<{ id: string }>();
      for (const [id, schema] of this.used[io]) registry.add(schema, { id });
      const converted = z.toJSONSchema(registry, { target: 'draft-2020-12', io, uri: (id) => `#/components/schemas/${id}` })
        .schemas as Record<string, Json>;
      for (const [id, s] of Object.entries(converted)) {
        // The document's dialect is 2020-12 already; ids would rebase the references.
        delete s.$schema;
        delete s.$id;
        if (id in out && JSON.stringify(out[id]) !== JSON.stringify(s))
          throw new Error(`schema ${id} reads differently as a request and as a response`);
        out[id] = s;
      }
    }
    return out;
  }

  private claim(name: string, schema: z.ZodType): string {
    const holder = this.taken.get(name);
    if (holder && holder !== schema) throw new Error(`two schemas named ${name}`);
    this.taken.set(name, schema);
    this.names.set(schema, name);
    return name;
  }
}
