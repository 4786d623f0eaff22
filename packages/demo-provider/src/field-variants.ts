/**
 * Every key the demo provider writes, with every spelling it may use for it: the one table in
 * packages/shared (rules/result-fields.ts), which the web's result view reads too; docs/demo-provider.md
 * lists it and a test keeps the two in step. Real providers disagree on field names, and
 * the web reads the first spelling present, so each response picks one spelling per key.
 */
import { FIELD_VARIANTS } from '@painel/shared/rules/result-fields';

type Spellings = readonly [string, ...string[]];

import { brDate, type Day, isoDate } from './calendar.ts';
import { createRandom, hashToUnits } from './random.ts';

export { FIELD_VARIANTS };

export type Field = keyof typeof FIELD_VARIANTS;

/** What the wrapper of a person's basic data is called; null: the fields sit at the top level. */
export const BASIC_DATA_WRAPPERS = [...FIELD_VARIANTS.dadosBasicos, null] as const;

/** The one message every response carries. */
export const NOTICE = 'Dados fictícios gerados para demonstração';

export type Fields = Partial<Record<Field, unknown>>;

/**
 * How one response writes itself: one spelling per key (kept for the whole response, so every
 * address of a report uses the same keys) and a few value styles.
 */
export interface Dialect {
  key(field: Field): string;
  /** An object with each field under this response's spelling; undefined values are left out. */
  obj(fields: Fields): Record<string, unknown>;
  /** Birth dates are 'dd/mm/yyyy' under DT_NASCIMENTO and 'YYYY-MM-DD' otherwise. */
  birth(day: Day): string;
  /** The wrapper of the basic data, or null for flat. */
  readonly basicDataWrapper: string | null;
  /** Names in upper case ('MARIA DA SILVA') or as written ('Maria da Silva'). */
  readonly upperCaseNames: boolean;
  /** CPF and CNPJ formatted ('123.456.789-09') or digits only. */
  readonly formattedDocuments: boolean;
}

/** Most keys follow the response's style (camel, upper, alternative); some are picked on their own. */
const STYLE_WEIGHT = 0.75;

export function createDialect(seed: string): Dialect {
  const random = createRandom(`${seed}/dialect`);
  const style = random.int(0, 2);
  const basicDataWrapper = random.pick(BASIC_DATA_WRAPPERS);
  const upperCaseNames = random.chance(0.4);
  const formattedDocuments = random.chance(0.5);
  const chosen = new Map<Field, string>();

  const key = (field: Field): string => {
    let spelling = chosen.get(field);
    if (spelling === undefined) {
      const spellings: Spellings = FIELD_VARIANTS[field];
      const [followStyle, anyOne] = hashToUnits(`${seed}/dialect/${field}`);
      spelling =
        followStyle < STYLE_WEIGHT
          ? spellings[Math.min(style, spellings.length - 1)]!
          : spellings[Math.floor(anyOne * spellings.length)]!;
      chosen.set(field, spelling);
    }
    return spelling;
  };

  return {
    key,
    obj(fields) {
      const result: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(fields)) {
        if (value !== undefined) result[key(field as Field)] = value;
      }
      return result;
    },
    birth: (day) => (key('nasc') === 'DT_NASCIMENTO' ? brDate(day) : isoDate(day)),
    basicDataWrapper,
    upperCaseNames,
    formattedDocuments,
  };
}
