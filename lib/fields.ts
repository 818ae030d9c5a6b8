// Declarations of request fields. One declaration gives three things: the server's check of an
// untrusted value (an INVALID_ARGUMENT naming the field), the TypeScript types of what a peer
// sends and of what a command receives, and the JSON Schema (draft 2020-12) `thurm schema` prints.
// A check accepts exactly what its schema does, but that a `map` may refuse more (a pattern that
// does not compile). Lengths count code points, as JSON Schema does.
import { ThurmError } from './errors.js';
import { hasLoneSurrogate } from './sanitize.js';

export type JsonSchema = { [key: string]: unknown };

/** Why a value is refused, for the field at `path`. */
function refuse(path: string, why: string): never {
  throw new ThurmError('INVALID_ARGUMENT', `${path}: ${why}`);
}

/**
 * How a field is given on thurm's command line; lib/commands/cli-args.ts derives the CLI's
 * options, positionals, usage and request from it. A field without one is not on the CLI.
 */
export interface CliSpec {
  /** `option` (the default): `--name VALUE`; `positional`: a word; `words`: the remaining words, joined by spaces; `argv`: the words after `--`. */
  as?: 'option' | 'positional' | 'words' | 'argv';
  /** The option's or positional's name (default: the field's, `_` written `-`). */
  name?: string;
  alias?: string;
  /** The --help text (default: the field's description). */
  describe?: string;
  /** The value's type on the command line, where `read` makes it another. */
  type?: 'string' | 'number';
  /** The value in a synopsis, `--cwd DIR` (default: its choices, N for a number, else the name in capitals). */
  placeholder?: string;
  /** The request's value from the command line's (undefined when not given) and the other arguments. */
  read?: (value: unknown, argv: Record<string, unknown>) => unknown;
}

/** One field: checks a value that is there (absence is the `presence` rule) and describes it. */
export class Field<In, Out = In> {
  declare readonly in: In;
  declare readonly out: Out;

  constructor(
    readonly check: (value: unknown, path: string) => Out,
    readonly schema: JsonSchema,
    /** `required`, `optional` (absent: undefined) or `default` (absent: `fallback`). */
    readonly presence: 'required' | 'optional' | 'default' = 'required',
    readonly fallback?: Out,
    /** How the CLI gives it, when it does. */
    readonly cliSpec?: CliSpec,
    /** An object's own fields (`field.object`): on the CLI, each is an option of its own. */
    readonly shape?: Shape,
  ) {}

  optional(): Field<In | undefined, Out | undefined> {
    return new Field<In | undefined, Out | undefined>(this.check, this.schema, 'optional', undefined, this.cliSpec, this.shape);
  }

  /** Absent means `value`, which the schema shows as its default. */
  default(value: Out & (string | number | boolean)): Field<In | undefined, Out> {
    return new Field<In | undefined, Out>(this.check, { ...this.schema, default: value }, 'default', value, this.cliSpec, this.shape);
  }

  /** `null` is a value of its own (rename-pane's `title: null`: follow the program again). */
  nullable(): Field<In | null, Out | null> {
    const check = (v: unknown, path: string) => (v === null ? null : this.check(v, path));
    const { description, ...rest } = this.schema;
    const schema = { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
    return new Field<In | null, Out | null>(check, schema, this.presence, this.fallback, this.cliSpec, this.shape);
  }

  describe(text: string): Field<In, Out> {
    return new Field<In, Out>(this.check, { ...this.schema, description: text }, this.presence, this.fallback, this.cliSpec, this.shape);
  }

  /** On the command line as `spec` says, over what an earlier call said. */
  cli(spec: CliSpec = {}): Field<In, Out> {
    return new Field<In, Out>(this.check, this.schema, this.presence, this.fallback, { ...this.cliSpec, ...spec }, this.shape);
  }

  /** Turns the checked value into what the command works with; `fail` refuses it. Comes before `optional`. */
  map<T>(fn: (value: Out, fail: (why: string) => never) => T): Field<In, T> {
    return new Field<In, T>((v, path) => fn(this.check(v, path), (why) => refuse(path, why)), this.schema, 'required', undefined, this.cliSpec, this.shape);
  }
}

export type Shape = { readonly [name: string]: Field<any, any> };

type Flat<T> = { [K in keyof T]: T[K] } & {};
type MaybeKeys<S, Side extends 'in' | 'out'> = { [K in keyof S]: S[K] extends Field<any, any> ? (undefined extends S[K][Side] ? K : never) : never }[keyof S];
type Sided<S extends Shape, Side extends 'in' | 'out'> = Flat<
  { [K in Exclude<keyof S, MaybeKeys<S, Side>>]: S[K][Side] } & { [K in MaybeKeys<S, Side>]?: S[K][Side] }
>;
/** What a peer sends for a shape: optional and defaulted fields may be left out. */
export type Input<S extends Shape> = Sided<S, 'in'>;
/** What a command receives: defaults filled in, maps applied. */
export type Output<S extends Shape> = Sided<S, 'out'>;

/** Rules across fields of one object, on what was sent: a field counts when it is there, not null, true for a boolean, not empty for an array. */
export interface Rules {
  exactlyOne?: readonly string[][];
  atLeastOne?: readonly string[][];
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0);
}

/** A branch of a rule in JSON Schema: the field is there, and true or non-empty where that counts. */
function presentSchema(shape: Shape, name: string): JsonSchema {
  const s = shape[name].schema;
  const nullable = Array.isArray(s.anyOf);
  const kind = nullable ? (s.anyOf as JsonSchema[])[0].type : s.type;
  const extra = kind === 'boolean' ? { const: true } : kind === 'array' ? { type: 'array', minItems: 1 } : nullable ? { not: { type: 'null' } } : {};
  // The field is named under `properties` too, as strict validators (ajv) want of `required`.
  return { required: [name], properties: { [name]: extra } };
}

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks `raw` against `shape` and returns a new object of the declared fields only: a key
 * that is not declared is refused (`__proto__` included), and `allowed` keys are passed over.
 */
export function checkObject<S extends Shape>(shape: S, rules: Rules, raw: Record<string, unknown>, path = '', allowed: readonly string[] = []): Output<S> {
  const at = (name: string) => (path ? `${path}.${name}` : name);
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(shape, key) && !allowed.includes(key)) {
      throw new ThurmError('INVALID_ARGUMENT', `unknown field: ${at(key.slice(0, 64))}`);
    }
  }
  const sent = (name: string) => (Object.hasOwn(raw, name) ? raw[name] : undefined);
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(shape)) {
    const v = sent(name);
    if (v !== undefined) out[name] = f.check(v, at(name));
    else if (f.presence === 'required') refuse(at(name), 'required');
    else if (f.presence === 'default') out[name] = f.fallback;
  }
  const names = (group: readonly string[]) => group.map(at).join(', ');
  for (const group of rules.exactlyOne ?? []) {
    if (group.filter((n) => present(sent(n))).length !== 1) throw new ThurmError('INVALID_ARGUMENT', `expected exactly one of: ${names(group)}`);
  }
  for (const group of rules.atLeastOne ?? []) {
    if (!group.some((n) => present(sent(n)))) throw new ThurmError('INVALID_ARGUMENT', `expected one of: ${names(group)}`);
  }
  return out as Output<S>;
}

/** The JSON Schema of an object of `shape`; `extra` properties (a request's envelope) are allowed too. */
export function objectSchema(shape: Shape, rules: Rules = {}, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...extra };
  for (const [name, f] of Object.entries(shape)) properties[name] = f.schema;
  const required = Object.entries(shape).filter(([, f]) => f.presence === 'required').map(([name]) => name);
  const groups = [
    ...(rules.exactlyOne ?? []).map((g) => ({ oneOf: g.map((n) => presentSchema(shape, n)) })),
    ...(rules.atLeastOne ?? []).map((g) => ({ anyOf: g.map((n) => presentSchema(shape, n)) })),
  ];
  return {
    type: 'object', properties, ...(required.length && { required }), additionalProperties: false,
    ...(groups.length === 1 ? groups[0] : groups.length ? { allOf: groups } : {}),
  };
}

/** The builders: `field.string({ max: 64 })`, `field.int({ min: 1, max: 9 }).optional()`... */
export const field = {
  /**
   * A string of at most `max` code points (default 4096) matching `pattern` when given;
   * `expected` says in words what the pattern accepts, for the error and the schema.
   */
  string(opts: { max?: number; min?: number; pattern?: RegExp; expected?: string; format?: string } = {}): Field<string> {
    const max = opts.max ?? 4096, min = opts.min ?? 0;
    // JSON Schema patterns are ECMA-262 regular expressions with unicode semantics, unanchored.
    const pattern = opts.pattern && new RegExp(opts.pattern.source, 'u');
    const schema: JsonSchema = {
      type: 'string', ...(min > 0 && { minLength: min }), maxLength: max,
      ...(pattern && { pattern: pattern.source }), ...(opts.format && { format: opts.format }),
      ...(opts.expected && { description: opts.expected }),
    };
    return new Field((v, path) => {
      if (typeof v !== 'string') refuse(path, 'expected a string');
      // Text that is no text: kept, it would make every JSON answer that repeats it unreadable.
      if (hasLoneSurrogate(v)) refuse(path, 'expected text (a lone UTF-16 surrogate is no character)');
      const n = codePoints(v);
      if (n > max || n < min) refuse(path, min > 0 ? `expected ${min} to ${max} characters` : `expected at most ${max} characters`);
      if (pattern && !pattern.test(v)) refuse(path, `expected ${opts.expected ?? `text matching ${pattern.source}`}`);
      return v;
    }, schema);
  },

  /** An integer from `min` to `max` (default: the safe integers). */
  int(opts: { min?: number; max?: number } = {}): Field<number> {
    const min = opts.min ?? Number.MIN_SAFE_INTEGER, max = opts.max ?? Number.MAX_SAFE_INTEGER;
    return new Field((v, path) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) refuse(path, `expected an integer from ${min} to ${max}`);
      return v;
    }, { type: 'integer', minimum: min, maximum: max });
  },

  /** Any finite number from `min` to `max` (a figure such as a time in ms). */
  number(opts: { min?: number; max?: number } = {}): Field<number> {
    const min = opts.min ?? -Number.MAX_VALUE, max = opts.max ?? Number.MAX_VALUE;
    return new Field((v, path) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) refuse(path, `expected a number from ${min} to ${max}`);
      return v;
    }, { type: 'number', ...(opts.min !== undefined && { minimum: min }), ...(opts.max !== undefined && { maximum: max }) });
  },

  bool(): Field<boolean> {
    return new Field((v, path) => {
      if (typeof v !== 'boolean') refuse(path, 'expected true or false');
      return v;
    }, { type: 'boolean' });
  },

  enum<const T extends string>(values: readonly T[]): Field<T> {
    return new Field((v, path) => {
      if (!(values as readonly unknown[]).includes(v)) refuse(path, `expected one of ${values.join(', ')}`);
      return v as T;
    }, { type: 'string', enum: [...values] });
  },

  /** An array of at most `max` items (default 1024), each checked by `item`. */
  array<I, O>(item: Field<I, O>, opts: { max?: number; min?: number } = {}): Field<I[], O[]> {
    const max = opts.max ?? 1024, min = opts.min ?? 0;
    return new Field((v, path) => {
      if (!Array.isArray(v) || v.length > max || v.length < min) {
        refuse(path, min > 0 ? `expected an array of ${min} to ${max} items` : `expected an array of at most ${max} items`);
      }
      return v.map((x, i) => item.check(x, `${path}[${i}]`));
    }, { type: 'array', items: item.schema, ...(min > 0 && { minItems: min }), maxItems: max });
  },

  /** An object of any keys (at most `max`), each value checked by `value`: option values by name. */
  record<I, O>(value: Field<I, O>, opts: { max?: number } = {}): Field<Record<string, I>, Record<string, O>> {
    const max = opts.max ?? 1024;
    return new Field((v, path) => {
      if (!isRecord(v) || Object.keys(v).length > max) refuse(path, `expected an object of at most ${max} keys`);
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value.check(x, `${path}.${k.slice(0, 64)}`)]));
    }, { type: 'object', additionalProperties: value.schema, maxProperties: max });
  },

  /** Any JSON value, for a result that is itself a document (`schema` answers a JSON Schema). */
  json(): Field<unknown> {
    return new Field((v) => v, {});
  },

  /** An object of exactly the declared fields. */
  object<S extends Shape>(shape: S, rules: Rules = {}): Field<Input<S>, Output<S>> {
    return new Field((v, path) => {
      if (!isRecord(v)) refuse(path, 'expected an object');
      return checkObject(shape, rules, v, path);
    }, objectSchema(shape, rules), 'required', undefined, undefined, shape);
  },
};
