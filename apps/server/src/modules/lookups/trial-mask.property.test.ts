/**
 * Every demo module, in trial, over many generated inputs: neither the lookup's answer nor the
 * stored lookup (GET /consultas/{id}) shows an identifier in clear, as the independent leak scanner
 * reads them. The same lookups by a user with access are not masked, and the scanner finds the
 * identifiers there: that proves both the scanner and that the answers carry what is masked.
 */

import { EMAIL_DOMAINS } from '@painel/demo-provider/contact.generator';
import {
  generateChassis,
  generateCns,
  generatePlate,
  generateRenavam,
  generateVoterTitle,
} from '@painel/demo-provider/document-numbers';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from '@painel/demo-provider/names';
import { VALID_DDDS } from '@painel/demo-provider/places';
import { createRandom } from '@painel/demo-provider/random';
import { applyMask, cnpjCheckDigits, cpfCheckDigits, pisCheckDigit } from '@painel/shared/rules/documents';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import {
  findIdentifiers,
  IDENTIFIER_KINDS,
  type IdentifierKind,
  kindsIn,
} from '../../../test/trial-leak-scanner.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { demoModules } from '../../db/demo-modules.ts';
import { users } from '../../db/schema/users.ts';

/** Lookups per module; each is made three times (trial, its stored copy, and in clear). */
const RUNS_PER_MODULE = Number(process.env.TRIAL_MASK_RUNS ?? 12);

let database: DatabaseHandle;
let app: FastifyInstance;
let trialUser: SignedIn;
let clearUser: SignedIn;
const modules: { id: number; nome: string; campos: { nome: string; mascara: string | null }[] }[] = [];
const foundInClear = new Set<IdentifierKind>();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  const admin = await signIn(app, ADMIN.email, ADMIN.senha);
  const settings = await app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin.headers,
    payload: { trial_limit: 1000 },
  });
  expect(settings.statusCode).toBe(200);

  const listing = await app.inject({ method: 'GET', url: '/api/modulos', headers: admin.headers });
  const seeded = (
    listing.json().modulos as {
      id: number;
      nome: string;
      campos_entrada: { nome: string; mascara: string | null }[];
    }[]
  ).filter((module) => demoModules.some((demo) => demo.nome === module.nome));
  expect(seeded).toHaveLength(demoModules.length);
  for (const module of seeded) {
    // Credit modules are refused in trial; an admin may still make any module a quantity one.
    const update = await app.inject({
      method: 'PUT',
      url: `/api/modulos/${module.id}`,
      headers: admin.headers,
      payload: { tipo_limite: 'quantidade', limite_padrao_quantidade: 100_000 },
    });
    expect(update.statusCode).toBe(200);
    modules.push({ id: module.id, nome: module.nome, campos: module.campos_entrada });
  }

  trialUser = await registerUser(app);
  clearUser = await registerUser(app);
  await database.db
    .update(users)
    .set({ dataExpiracao: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, clearUser.userId));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const notAllSame = (text: string) => !/^(\d)\1*$/.test(text);
/** A seed for the demo provider's own number generators, so fast-check can shrink it. */
const seeded = <T>(make: (random: ReturnType<typeof createRandom>) => T) =>
  fc.integer({ min: 0, max: 1_000_000 }).map((seed) => make(createRandom(`propriedade:${seed}`)));
const orFormatted = (value: fc.Arbitrary<string>, mask: string) =>
  fc.tuple(value, fc.boolean()).map(([raw, format]) => (format ? applyMask(raw, mask) : raw));
const personName = fc
  .tuple(
    fc.constantFrom(...FEMALE_FIRST_NAMES, ...MALE_FIRST_NAMES),
    fc.constantFrom(...SURNAMES),
    fc.option(fc.constantFrom(...SURNAMES), { nil: undefined }),
  )
  .map((words) => words.filter(Boolean).join(' '));

/** What each input field of the demo catalogue takes; CPFs starting with 9 ask for big reports. */
const INPUTS: Record<string, fc.Arbitrary<string>> = {
  cpf: orFormatted(
    digits(9)
      .filter(notAllSame)
      .map((base) => base + cpfCheckDigits(base)),
    '000.000.000-00',
  ),
  nome: personName,
  telefone: fc
    .tuple(fc.constantFrom(...VALID_DDDS), digits(8))
    .map(([ddd, rest]) => applyMask(`${ddd}9${rest}`, '(00) 00000-0000')),
  email: fc.tuple(personName, fc.integer({ min: 1, max: 999 }), fc.constantFrom(...EMAIL_DOMAINS)).map(
    ([name, number, domain]) =>
      `${name
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase()}${number}@${domain}`,
  ),
  rg: digits(9).filter(notAllSame),
  cns: orFormatted(
    seeded((random) => generateCns(random)),
    '000 0000 0000 0000',
  ),
  titulo: orFormatted(
    seeded((random) => generateVoterTitle(random, random.pick(['SP', 'MG', 'RJ', 'BA', 'DF']))),
    '0000 0000 0000',
  ),
  nis: digits(10)
    .filter(notAllSame)
    .map((base) => base + pisCheckDigit(base)),
  pis: digits(10)
    .filter(notAllSame)
    .map((base) => applyMask(base + pisCheckDigit(base), '000.00000.00-0')),
  cep: orFormatted(digits(8).filter(notAllSame), '00000-000'),
  cnpj: digits(8)
    .filter(notAllSame)
    .map((root) => `${root}0001${cnpjCheckDigits(`${root}0001`)}`)
    .map((cnpj) => applyMask(cnpj, '00.000.000/0000-00')),
  placa: seeded(generatePlate),
  chassi: seeded((random) => generateChassis(random, '9BW', 2020)),
  renavam: seeded(generateRenavam),
  motor: fc.stringMatching(/^[A-Z]{2,3}\d{5,8}$/),
};

/** Kinds every answer of a module carries in clear (house numbers and CTPS are not in every person). */
function alwaysInClear(moduleName: string): IdentifierKind[] {
  const person: IdentifierKind[] = [
    'cpf',
    'pis',
    'cns',
    'titulo',
    'certidao',
    'email',
    'telefone',
    'nascimento',
    'rg',
  ];
  if (
    [
      'CPF Completo',
      'Nome',
      'Nome da Mãe',
      'Nome do Pai',
      'Email',
      'RG',
      'CNS',
      'Título de Eleitor',
      'NIS',
      'PIS',
    ].includes(moduleName)
  ) {
    return person;
  }
  if (moduleName === 'Telefone') return ['cpf', 'nascimento', 'telefone'];
  if (moduleName === 'CEP') return ['cpf'];
  // A company's partners show the Receita's partial CPF; a vehicle's Renavam passes the PIS check.
  if (['Placa', 'Chassi', 'Renavam', 'Motor'].includes(moduleName)) return ['pis'];
  return [];
}

/**
 * The stored lookup without what the caller typed, who the caller is and when the lookup was made
 * and expires: none of them is the provider's answer.
 */
function storedAnswer(body: Record<string, unknown>) {
  const {
    input: _input,
    User: _user,
    data: _made,
    createdAt: _created,
    resultado_expira_em: _expiry,
    ...rest
  } = body;
  return rest;
}

const leaks = (value: unknown) =>
  findIdentifiers(value).map((finding) => `${finding.kind} at ${finding.path}: ${finding.text}`);

describe('a trial answer shows no identifier in clear, for every demo module', () => {
  for (const demo of demoModules) {
    it(demo.nome, async () => {
      const module = modules.find((candidate) => candidate.nome === demo.nome)!;
      const input = fc.record(
        Object.fromEntries(module.campos.map((field) => [field.nome, INPUTS[field.nome]!])),
      ) as fc.Arbitrary<Record<string, string>>;

      await fc.assert(
        fc.asyncProperty(input, async (values) => {
          const trial = await runLookupViaApi(app, trialUser.headers, module.id, values);
          expect(trial.statusCode, trial.body.slice(0, 300)).toBe(200);
          const answer = trial.json();
          expect(answer.trial).toBe(true);
          expect(leaks(answer)).toEqual([]);

          const stored = await app.inject({
            method: 'GET',
            url: `/api/consultas/${answer.id}`,
            headers: trialUser.headers,
          });
          expect(stored.statusCode).toBe(200);
          expect(stored.json().retorno).toEqual(answer.retorno);
          expect(leaks(storedAnswer(stored.json()))).toEqual([]);

          const clear = await runLookupViaApi(app, clearUser.headers, module.id, values);
          expect(clear.statusCode, clear.body.slice(0, 300)).toBe(200);
          expect(clear.json().trial).toBe(false);
          const inClear = kindsIn(clear.json().retorno);
          for (const kind of inClear) foundInClear.add(kind);
          expect([...inClear]).toEqual(expect.arrayContaining(alwaysInClear(demo.nome)));
        }),
        { numRuns: RUNS_PER_MODULE },
      );
    });
  }

  it('and the same lookups in clear carried every kind the scanner looks for', () => {
    expect([...foundInClear].sort()).toEqual([...IDENTIFIER_KINDS].sort());
  });
});
