// A small JSON Schema (draft 2020-12) validator for the keywords `thurm schema` emits, written
// from the specification rather than from lib/fields.ts, so specs can check the published schema
// independently of the server's own check. An unknown keyword is an error, not ignored.

export type Schema = { [key: string]: unknown };

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'default', 'format', '$defs']);

function typeOf(v: unknown): string[] {
  if (v === null) return ['null'];
  if (Array.isArray(v)) return ['array'];
  if (typeof v === 'number') return Number.isInteger(v) ? ['number', 'integer'] : ['number'];
  return [typeof v];
}

const codePoints = (s: string) => [...s].length;

/** The reasons `value` does not match `schema` (empty: it matches); `root` resolves `$ref`. */
export function validate(schema: Schema, value: unknown, root: Schema = schema, at = '$'): string[] {
  const errors: string[] = [];
  const fail = (why: string) => errors.push(`${at}: ${why}`);
  for (const [key, arg] of Object.entries(schema)) {
    const a = arg as never;
    switch (key) {
      case '$ref': {
        const m = /^#\/\$defs\/(.+)$/.exec(a);
        const target = m && (root.$defs as Record<string, Schema>)?.[m[1]];
        if (!target) throw new Error(`unresolved $ref ${a}`);
        errors.push(...validate(target, value, root, at));
        break;
      }
      case 'type': {
        const types = ([] as string[]).concat(a);
        if (!typeOf(value).some((t) => types.includes(t))) fail(`expected type ${types.join('|')}`);
        break;
      }
      case 'enum': if (!(a as unknown[]).includes(value)) fail('not in enum'); break;
      case 'const': if (value !== a) fail(`expected ${JSON.stringify(a)}`); break;
      case 'minLength': if (typeof value === 'string' && codePoints(value) < a) fail('too short'); break;
      case 'maxLength': if (typeof value === 'string' && codePoints(value) > a) fail('too long'); break;
      case 'pattern': if (typeof value === 'string' && !new RegExp(a, 'u').test(value)) fail(`does not match ${a}`); break;
      case 'minimum': if (typeof value === 'number' && value < a) fail('below minimum'); break;
      case 'maximum': if (typeof value === 'number' && value > a) fail('above maximum'); break;
      case 'minItems': if (Array.isArray(value) && value.length < a) fail('too few items'); break;
      case 'maxItems': if (Array.isArray(value) && value.length > a) fail('too many items'); break;
      case 'items':
        if (Array.isArray(value)) value.forEach((v, i) => { errors.push(...validate(a, v, root, `${at}[${i}]`)); });
        break;
      case 'required':
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          for (const k of a as string[]) if (!Object.hasOwn(value, k)) fail(`missing ${k}`);
        }
        break;
      case 'properties':
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          for (const [k, s] of Object.entries(a as Record<string, Schema>)) {
            if (Object.hasOwn(value, k)) errors.push(...validate(s, (value as Record<string, unknown>)[k], root, `${at}.${k}`));
          }
        }
        break;
      case 'additionalProperties':
        if (a !== false && (typeof a !== 'object' || a === null)) throw new Error('only additionalProperties: false or a schema is known here');
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          const known = Object.keys((schema.properties ?? {}) as object);
          for (const [k, v] of Object.entries(value)) {
            if (known.includes(k)) continue;
            if (a === false) fail(`unknown property ${k}`);
            else errors.push(...validate(a as Schema, v, root, `${at}.${k}`));
          }
        }
        break;
      case 'maxProperties': if (typeof value === 'object' && value !== null && Object.keys(value).length > a) fail('too many properties'); break;
      case 'oneOf': {
        const n = (a as Schema[]).filter((s) => validate(s, value, root, at).length === 0).length;
        if (n !== 1) fail(`matches ${n} of oneOf`);
        break;
      }
      case 'anyOf': if (!(a as Schema[]).some((s) => validate(s, value, root, at).length === 0)) fail('matches none of anyOf'); break;
      case 'allOf': for (const s of a as Schema[]) errors.push(...validate(s, value, root, at)); break;
      case 'not': if (validate(a, value, root, at).length === 0) fail('matches not'); break;
      default:
        if (!ANNOTATIONS.has(key)) throw new Error(`keyword this validator does not know: ${key}`);
    }
  }
  return errors;
}
