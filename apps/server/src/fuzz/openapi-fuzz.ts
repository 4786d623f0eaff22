import { messages } from '@painel/shared/messages';
import fc from 'fast-check';

/**
 * Bad requests generated from the OpenAPI document the app serves: every operation's path
 * parameters, query and body, each corrupted in the ways clients and attackers corrupt them.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** As the document names it: /api/users/{id} */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
  secured: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: unknown; security?: unknown }>
  >;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const parameters = operation.parameters ?? [];
      const body = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        body: body ?? null,
        secured: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}

/** A number JSON can carry but JavaScript cannot write back as itself (1e309, -0, 1e-400). */
class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value; lone surrogates are written as \ud800 escapes, as JSON allows. */
export function jsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Characters a database or an encoder chokes on. */
export const BAD_CHARACTERS = ['\u0000', '\ud800', '\udfff', '\u0000\ud800'] as const;

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  ' 1',
  '+1',
  '1e3',
  '-1',
  '1.5',
  '9'.repeat(40),
  '2147483648',
  '\u202e\u200b\ufeff',
  '😀👩‍👩‍👧',
  "'; select pg_sleep(5); --",
  '%00',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"$gt":""}',
  '0000-01-01',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30',
  '1899-12-31',
  '10000-01-01',
  '0001-01-01T00:00:00Z',
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...BAD_CHARACTERS), fc.string({ maxLength: 10 }))
      .map(([before, bad, after]) => `${before}${bad}${after}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(5_000, 70_000, 300_000).map((size) => 'ç'.repeat(size)) },
);

const nastyNumber: fc.Arbitrary<unknown> = fc.constantFrom(
  new RawNumber('-0'),
  new RawNumber('1e309'),
  new RawNumber('-1e309'),
  new RawNumber('1e-400'),
  new RawNumber('1E2'),
  1.5,
  0.1,
  -1,
  0,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
);

const deepObject = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
});

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: deepObject },
);

/** What the generators need to know about the database they target. */
export interface FuzzTargets {
  /** Ids that may be used in valid-looking requests; never the ids of the acting users. */
  ids: number[];
}

const DATES = ['2030-01-01', '2030-01-01T12:00:00.000Z', '2026-11-24', '2026-12-01'];

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A plausible, usually valid value for a schema; names steer strings that have a meaning. */
export function validValue(schema: JsonSchema, name: string, targets: FuzzTargets): fc.Arbitrary<unknown> {
  const value = plainValid(schema, name, targets);
  return schema.nullable
    ? fc.oneof({ weight: 9, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

function plainValid(schema: JsonSchema, name: string, targets: FuzzTargets): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, name, targets)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema, name);
    case 'integer':
      return validInteger(schema, name, targets);
    case 'number': {
      const low = schema.minimum ?? 0;
      return fc.constantFrom(low, low + 1, low + 10, low + 50.25, low + 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, name, targets) : fc.string(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
      return validObject(schema, targets);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer());
  }
}

function validString(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  if (lower.includes('email')) return fc.nat().map((n) => `fuzz${n}@teste.local`);
  if (lower === 'api_url') return fc.constantFrom('/demo-api/cpf/{cpf}', '/demo-api/nome/{nome}');
  if (lower.includes('senha')) return fc.constant('senha-forte-1');
  if (lower.includes('data') || lower.endsWith('date')) return fc.constantFrom(...DATES);
  if (lower === 'idempotencykey') return fc.uuid();
  if (schema.pattern)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 60);
  const minLength = Math.max(schema.minLength ?? 0, 1);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 16, 16));
  return fc.string({ unit: fc.constantFrom(...'abcxyzABC019 áçõ-'), minLength, maxLength });
}

/** The largest value of a database integer column. */
const MAX_INT4 = 2_147_483_647;

function validInteger(schema: JsonSchema, name: string, targets: FuzzTargets): fc.Arbitrary<number> {
  const usual = usualInteger(schema, name, targets);
  // What the document allows but a database integer does not hold.
  if ((schema.maximum ?? Number.POSITIVE_INFINITY) <= MAX_INT4) return usual;
  return fc.oneof(
    { weight: 3, arbitrary: usual },
    { weight: 1, arbitrary: fc.constantFrom(MAX_INT4 + 1, 2 ** 53 - 1) },
  );
}

function usualInteger(schema: JsonSchema, name: string, targets: FuzzTargets): fc.Arbitrary<number> {
  if (/(^id$|_id$|Id$)/.test(name) && targets.ids.length > 0) return fc.constantFrom(...targets.ids);
  const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
  const low = Math.max(schema.minimum ?? 0, -1000) + exclusive;
  const high = Math.min(schema.maximum ?? low + 50, low + 50);
  return fc.integer({ min: low, max: Math.max(low, high) });
}

const RECORD_KEYS = ['cpf', 'nome', 'placa', '1', '2', 'X-Api-Key', 'extra'];

function validObject(schema: JsonSchema, targets: FuzzTargets): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [key, validValue(property, key, targets)]),
    ),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const extra = schema.additionalProperties;
  if (!extra || extra === true || Object.keys(properties).length > 0) return record;
  return fc.dictionary(fc.constantFrom(...RECORD_KEYS), validValue(extra, 'value', targets), { maxKeys: 3 });
}

type Path = (string | number)[];

/** Every place in a value that can be replaced: the value itself, each member, each element. */
function placesOf(value: unknown, path: Path = []): Path[] {
  const places: Path[] = [path];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) places.push(...placesOf(item, [...path, index]));
  } else if (value !== null && typeof value === 'object' && !(value instanceof RawNumber)) {
    for (const [key, item] of Object.entries(value)) places.push(...placesOf(item, [...path, key]));
  }
  return places;
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)?.[key], value);
}

/** A valid-looking value with one part spoiled: a bad character added to its text, or anything at all. */
function spoilOne(valid: unknown): fc.Arbitrary<unknown> {
  const places = placesOf(valid).filter((path) => path.length > 0);
  if (places.length === 0) return nastyValue;
  return fc
    .tuple(fc.constantFrom(...places), fc.constantFrom(...BAD_CHARACTERS), nastyValue, fc.nat(3))
    .map(([path, bad, nasty, how]) => {
      const current = valueAt(valid, path);
      if (typeof current === 'string' && how < 2)
        return replaceAt(valid, path, how === 0 ? `${current}${bad}` : bad);
      return replaceAt(valid, path, nasty);
    });
}

/** A valid-looking value whose every text carries one bad character. */
function spoilEveryText(valid: unknown): fc.Arbitrary<unknown> {
  return fc.constantFrom(...BAD_CHARACTERS).map((bad) => {
    const spoil = (value: unknown): unknown => {
      if (typeof value === 'string') return `${value}${bad}`;
      if (Array.isArray(value)) return value.map(spoil);
      if (value !== null && typeof value === 'object' && !(value instanceof RawNumber)) {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, spoil(item)]));
      }
      return value;
    };
    return spoil(valid);
  });
}

function withoutOneKey(valid: unknown): fc.Arbitrary<unknown> {
  if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return fc.constant(valid);
  const keys = Object.keys(valid);
  if (keys.length === 0) return fc.constant(valid);
  return fc.constantFrom(...keys).map((key) => {
    const { [key]: _dropped, ...rest } = valid as Record<string, unknown>;
    return rest;
  });
}

function withExtraKey(valid: unknown): fc.Arbitrary<unknown> {
  if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return fc.constant(valid);
  return fc
    .tuple(
      fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'id', 'tipo', 'creditos')),
      nastyValue,
    )
    .map(([key, extra]) => ({ ...(valid as object), [key]: extra }));
}

export interface BodyChoice {
  /** The bytes sent, or none. */
  payload: string | undefined;
  contentType: string | undefined;
}

const JSON_TYPE = 'application/json';

const junkBody: fc.Arbitrary<BodyChoice> = fc.oneof(
  nastyValue.map((value) => ({ payload: jsonText(value), contentType: JSON_TYPE })),
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '\u0000',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '',
      '{}{}',
      '\ufeff{}',
    )
    .map((payload) => ({ payload, contentType: JSON_TYPE })),
  fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data')
    .map((contentType) => ({ payload: 'a=1&b=%00', contentType })),
  fc.constant({ payload: `{"a":"${'x'.repeat(2_000_000)}"}`, contentType: JSON_TYPE }),
);

/** Bodies for an operation: mostly one spoiled part of a valid body, sometimes valid, sometimes junk. */
export function bodyArbitrary(schema: JsonSchema | null, targets: FuzzTargets): fc.Arbitrary<BodyChoice> {
  if (!schema) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<BodyChoice>({ payload: undefined, contentType: undefined }) },
      { weight: 1, arbitrary: junkBody },
    );
  }
  const valid = validValue(schema, 'body', targets);
  const asJson = (value: unknown): BodyChoice => ({ payload: jsonText(value), contentType: JSON_TYPE });
  return fc.oneof(
    { weight: 2, arbitrary: valid.map(asJson) },
    { weight: 6, arbitrary: valid.chain(spoilOne).map(asJson) },
    { weight: 2, arbitrary: valid.chain(spoilEveryText).map(asJson) },
    { weight: 1, arbitrary: valid.chain(withoutOneKey).map(asJson) },
    { weight: 1, arbitrary: valid.chain(withExtraKey).map(asJson) },
    { weight: 2, arbitrary: junkBody },
  );
}

/** %-encodes a text; a lone surrogate (which UTF-8 cannot hold) as the bytes of one, as a client may send. */
export function encodeSegment(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(char);
  }
  return out;
}

const ODD_ID_FORMS: ((id: number) => string)[] = [
  (id) => ` ${id}`,
  (id) => `${id} `,
  (id) => `+${id}`,
  (id) => `0x${id.toString(16)}`,
  (id) => `${id}e0`,
  (id) => `${id}.0`,
  (id) => `0${id}`,
  (id) => `-${id}`,
  (id) => `${id}\u0000`,
  (id) => `${id}abc`,
];

export interface PathValue {
  /** What goes into the URL, already encoded. */
  encoded: string;
  /** The id as a strict client writes it (1-10 digits, no sign, no leading zero, at most 2^31-1)? */
  canonical: boolean;
}

const isCanonicalId = (text: string) => /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647;

function integerPathValue(targets: FuzzTargets): fc.Arbitrary<PathValue> {
  const ids = targets.ids.length > 0 ? targets.ids : [1];
  const text = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ids).map(String) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...ids), fc.constantFrom(...ODD_ID_FORMS))
        .map(([id, form]) => form(id)),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1e3',
        '0x10',
        '2147483647',
        '2147483648',
        '99999999999999999999',
        'NaN',
        'Infinity',
        '١٢',
        '１',
      ),
    },
    { weight: 2, arbitrary: nastyString },
  );
  return fc.oneof(
    {
      weight: 12,
      arbitrary: text.map((value) => ({ encoded: encodeSegment(value), canonical: isCanonicalId(value) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%zz', '%E0%A4%A', '%', '%C0%80')
        .map((encoded) => ({ encoded, canonical: false })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(600, 5_000).map((size) => ({ encoded: '7'.repeat(size), canonical: false })),
    },
  );
}

function stringPathValue(): fc.Arbitrary<PathValue> {
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('12345678909', 'abc', 'ABC1D23')
        .map((encoded) => ({ encoded, canonical: true })),
    },
    {
      weight: 6,
      arbitrary: nastyString
        .filter((text) => text.length > 0)
        .map((text) => ({ encoded: encodeSegment(text), canonical: true })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%zz', '%E0%A4%A', '%', 'x'.repeat(600))
        .map((encoded) => ({ encoded, canonical: true })),
    },
  );
}

function queryArbitrary(parameters: Parameter[], targets: FuzzTargets): fc.Arbitrary<string> {
  const one = (parameter: Parameter) =>
    fc.option(
      fc.oneof(
        {
          weight: 2,
          arbitrary: validValue(parameter.schema, parameter.name, targets).map((value) =>
            value === null ? [''] : [String(value)],
          ),
        },
        { weight: 4, arbitrary: nastyString.map((value) => [value]) },
        { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
      ),
      { freq: 3 },
    );
  const pairs = fc.tuple(
    ...parameters.map((parameter) =>
      one(parameter).map((values) => (values ?? []).map((value) => [parameter.name, value] as const)),
    ),
    fc.option(fc.tuple(nastyString, nastyString), { freq: 6 }).map((extra) => (extra ? [extra] : [])),
  );
  return pairs.map((lists) =>
    lists
      .flat()
      .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
      .join('&'),
  );
}

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  payload: string | undefined;
  contentType: string | undefined;
  /** Every integer path id in the URL is in its strict form. */
  canonicalIds: boolean;
}

/** The outside world is never called: an absolute URL other than loopback becomes a demo path. */
function keepLocal(text: string | undefined): string | undefined {
  return text?.replace(/https?:\/\/(?!127\.0\.0\.1[:/])[^"\s]*/gi, '/demo-api/cpf/{cpf}');
}

/** A numeric id: an integer, or digits by a pattern (the strict id schema takes text). */
function isIdParameter(parameter: Parameter): boolean {
  return (
    typeOf(parameter.schema) === 'integer' || parameter.schema.pattern?.startsWith('^[1-9][0-9]') === true
  );
}

export function requestArbitrary(operation: Operation, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(
    ...operation.pathParams.map((parameter) =>
      isIdParameter(parameter) ? integerPathValue(targets) : stringPathValue(),
    ),
  );
  return fc
    .tuple(params, queryArbitrary(operation.query, targets), bodyArbitrary(operation.body, targets))
    .map(([values, query, body]) => {
      let path = operation.path;
      operation.pathParams.forEach((parameter, index) => {
        path = path.replace(`{${parameter.name}}`, values[index]?.encoded ?? '');
      });
      return {
        method: operation.method,
        url: query ? `${path}?${query}` : path,
        payload: keepLocal(body.payload),
        contentType: body.contentType,
        canonicalIds: values.every((value) => value.canonical),
      };
    });
}

/** Messages of the API, as exact texts or, for the ones built from a value, as patterns. */
const KNOWN_MESSAGES: (string | RegExp)[] = Object.values(messages).map((message) => {
  if (typeof message === 'string') return message;
  const sample = (message as (value: string) => string)('\u0001');
  return new RegExp(`^${sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\u0001', '.*')}$`, 's');
});

const ENGLISH =
  /\b(expected|received|invalid|must|required|request|error|not found|too|field|bad|should|unexpected|body|header|url)\b/i;
const PORTUGUESE =
  /[áéíóúâêôãõç]|\b(de|do|da|para|deve|esperado|recebido|valor|campo|chave|opção|formato)\b/i;

/**
 * Whether a text is one of the API's Portuguese messages, or reads as Portuguese (zod's pt-BR
 * locale writes the ones a schema does not name).
 */
export function isPortugueseMessage(text: unknown): boolean {
  if (typeof text !== 'string' || text.length === 0) return false;
  if (KNOWN_MESSAGES.some((known) => (typeof known === 'string' ? known === text : known.test(text))))
    return true;
  return (
    PORTUGUESE.test(text) && !ENGLISH.test(text.replace(/\b(string|number|boolean|object|array)\b/g, ''))
  );
}
