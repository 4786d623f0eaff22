/**
 * One function per demo endpoint: read the input, refuse what no provider would find (null means
 * 404), and generate the answer from a seed made of the lookup kind and the normalised input.
 */
import {
  canonicalCnpj,
  formatPhone,
  isValidCnpj,
  isValidCpf,
  isValidRenavam,
  onlyDigits,
} from '@painel/shared/rules/documents';
import { isoDate, REFERENCE_DAY, randomDay, yearsBefore } from './calendar.ts';
import { CARRIERS } from './catalogues.ts';
import { companyNamesFor, generateCompany } from './company.generator.ts';
import {
  cepFor,
  cityPick,
  fullName,
  houseNumber,
  nameFor,
  streetName,
  titleCase,
} from './contact.generator.ts';
import { cpfFor, generateCnpj, generateCpf } from './document-numbers.ts';
import { createDialect, type Dialect, type Fields, NOTICE } from './field-variants.ts';
import { SURNAMES } from './names.ts';
import { generatePerson, type PersonInput } from './person.generator.ts';
import { COMPLEMENTS, cityOfCep, NEIGHBOURHOODS, VALID_DDDS } from './places.ts';
import { createRandom } from './random.ts';
import { generateVehicle, type VehicleKey } from './vehicle.generator.ts';

export type DemoBody = Record<string, unknown>;
export type DemoLookup = (input: string) => DemoBody | null;

const MAX_INPUT = 200;

const answer = (dialect: Dialect, fields: Fields): DemoBody => ({ _aviso: NOTICE, ...dialect.obj(fields) });

const list = (dialect: Dialect, items: unknown[]) =>
  answer(dialect, { total: items.length, resultados: items });

/** The same person answers every lookup of the same document (the CPF is derived from it). */
const cpfFrom = (seed: string) => generateCpf(createRandom(`${seed}/cpf`));

function personAnswer(seed: string, input: PersonInput): DemoBody {
  const dialect = createDialect(seed);
  return { _aviso: NOTICE, ...generatePerson(dialect, input) };
}

export const lookupCpf: DemoLookup = (raw) => {
  if (!isValidCpf(raw)) return null;
  const cpf = onlyDigits(raw);
  return personAnswer(`cpf:${cpf}`, { cpf });
};

/** A person lookup keyed by another document: `read` returns the normalised number, or null. */
function byDocument(
  kind: string,
  field: 'rg' | 'cns' | 'tituloEleitor' | 'nis' | 'pis',
  read: (raw: string) => string | null,
) {
  return (raw: string): DemoBody | null => {
    const value = read(raw.trim());
    if (value === null) return null;
    const seed = `${kind}:${value}`;
    return personAnswer(seed, { cpf: cpfFrom(seed), [field]: value });
  };
}

/** Exactly `length` digits, punctuation and spaces allowed, not all the same digit. */
const digitsOf = (length: number) => (raw: string) => {
  if (!/^[\d.\-/\s]+$/.test(raw)) return null;
  const digits = onlyDigits(raw);
  return digits.length === length && !/^(\d)\1*$/.test(digits) ? digits : null;
};

export const lookupRg = byDocument('rg', 'rg', (raw) => {
  const value = raw.toUpperCase().replace(/[.\-\s]/g, '');
  return /^\d{4,13}[\dX]$/.test(value) ? value : null;
});
export const lookupCns = byDocument('cns', 'cns', digitsOf(15));
export const lookupVoterTitle = byDocument('titulo', 'tituloEleitor', digitsOf(12));
export const lookupNis = byDocument('nis', 'nis', digitsOf(11));
export const lookupPis = byDocument('pis', 'pis', digitsOf(11));

const PERSON_NAME = /^\p{L}[\p{L}\s'.-]*$/u;
const COMPANY_NAME = /^[\p{L}\d][\p{L}\d\s'.,&/-]*$/u;

/** A searched name in the given alphabet, with at least two letters; the key is its seed. */
function readName(raw: string, alphabet = PERSON_NAME): { name: string; key: string } | null {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length > MAX_INPUT || !alphabet.test(name) || (name.match(/\p{L}/gu) ?? []).length < 2)
    return null;
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  return { name: titleCase(name), key };
}

/** People "found" by a name: 1 to 5, the searched name in the asked role. */
function byName(kind: 'nome' | 'mae' | 'pai'): DemoLookup {
  return (raw) => {
    const searched = readName(raw);
    if (!searched) return null;
    const seed = `${kind}:${searched.key}`;
    const random = createRandom(seed);
    const dialect = createDialect(seed);
    const people = Array.from({ length: random.int(1, 5) }, (_, index) => {
      const cpf = generateCpf(random);
      if (kind === 'mae') return generatePerson(dialect, { cpf, nomeMae: searched.name });
      if (kind === 'pai') return generatePerson(dialect, { cpf, nomePai: searched.name });
      const nome = index === 0 ? searched.name : `${searched.name} ${random.pick(SURNAMES)}`;
      return generatePerson(dialect, { cpf, nome });
    });
    return list(dialect, people);
  };
}

export const lookupName = byName('nome');
export const lookupMotherName = byName('mae');
export const lookupFatherName = byName('pai');

export const lookupCnpj: DemoLookup = (raw) => {
  const cnpj = canonicalCnpj(raw);
  if (cnpj === null || !isValidCnpj(cnpj)) return null;
  const dialect = createDialect(`cnpj:${cnpj}`);
  return { _aviso: NOTICE, ...generateCompany(dialect, cnpj) };
};

export const lookupCompanyName: DemoLookup = (raw) => {
  const searched = readName(raw, COMPANY_NAME);
  if (!searched) return null;
  const seed = `razao-social:${searched.key}`;
  const random = createRandom(seed);
  const dialect = createDialect(seed);
  const names = companyNamesFor(random, searched.name, random.int(1, 5));
  return list(
    dialect,
    names.map((name) => generateCompany(dialect, generateCnpj(random), name)),
  );
};

/** ABC1234 (old) or ABC1D23 (Mercosul), dash and spaces ignored. */
const PLATE = /^[A-Z]{3}\d[A-Z\d]\d{2}$/;

function vehicleLookup(kind: keyof VehicleKey, read: (raw: string) => string | null): DemoLookup {
  return (raw) => {
    const value = read(raw.trim().toUpperCase());
    if (value === null) return null;
    const seed = `${kind}:${value}`;
    return { _aviso: NOTICE, ...generateVehicle(createDialect(seed), seed, { [kind]: value }) };
  };
}

export const lookupPlate = vehicleLookup('placa', (raw) => {
  const plate = raw.replace(/[-\s]/g, '');
  return PLATE.test(plate) ? plate : null;
});
export const lookupChassis = vehicleLookup('chassi', (raw) => {
  const chassis = raw.replace(/\s/g, '');
  return /^[A-HJ-NPR-Z\d]{17}$/.test(chassis) ? chassis : null;
});
export const lookupRenavam = vehicleLookup('renavam', (raw) =>
  isValidRenavam(raw) ? raw.padStart(11, '0') : null,
);
export const lookupEngine = vehicleLookup('motor', (raw) => {
  const engine = raw.replace(/[-\s]/g, '');
  return /^[A-Z\d]{5,20}$/.test(engine) ? engine : null;
});

/** A Brazilian phone with DDD (10 or 11 digits, country code 55 allowed); mobiles start with 9. */
function readPhone(raw: string): string | null {
  if (!/^[\d()+.\-\s]+$/.test(raw)) return null;
  let digits = onlyDigits(raw);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length !== 10 && digits.length !== 11) return null;
  if (!VALID_DDDS.has(digits.slice(0, 2))) return null;
  if (digits.length === 11 && digits[2] !== '9') return null;
  return digits;
}

export const lookupPhone: DemoLookup = (raw) => {
  const digits = readPhone(raw);
  if (!digits) return null;
  const seed = `telefone:${digits}`;
  const random = createRandom(seed);
  const dialect = createDialect(seed);
  const mobile = digits.length === 11;
  const city = cityPick(random);
  return answer(dialect, {
    telefone: formatPhone(digits),
    ddd: digits.slice(0, 2),
    numero: digits.slice(2),
    operadora: random.pick(CARRIERS),
    tipoLinha: mobile ? random.pick(['MÓVEL PRÉ-PAGO', 'MÓVEL PÓS-PAGO', 'MÓVEL CONTROLE']) : 'FIXO',
    portado: random.chance(0.2),
    titulares: Array.from({ length: random.int(1, 3) }, (_, index) => {
      const birth = randomDay(random, yearsBefore(REFERENCE_DAY, 80), yearsBefore(REFERENCE_DAY, 18));
      return dialect.obj({
        nome: nameFor(dialect, fullName(random, random.pick(['M', 'F']))),
        cpf: cpfFor(dialect, generateCpf(random)),
        nasc: dialect.birth(birth),
        cidade: city.nome,
        uf: city.uf,
        desde: isoDate(randomDay(random, yearsBefore(REFERENCE_DAY, 15), REFERENCE_DAY - 30)),
        principal: index === 0,
      });
    }),
  });
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const lookupEmail: DemoLookup = (raw) => {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_INPUT || !EMAIL.test(email)) return null;
  const seed = `email:${email}`;
  const dialect = createDialect(seed);
  return {
    _aviso: NOTICE,
    ...dialect.obj({ emailConsultado: email }),
    ...generatePerson(dialect, { cpf: cpfFrom(seed) }),
  };
};

export const lookupCep: DemoLookup = (raw) => {
  const cep = digitsOf(8)(raw.trim());
  if (!cep) return null;
  const seed = `cep:${cep}`;
  const random = createRandom(seed);
  const dialect = createDialect(seed);
  const city = cityOfCep(cep) ?? cityPick(random);
  return answer(dialect, {
    cep: cepFor(dialect, cep),
    logradouro: streetName(random),
    complemento: random.chance(0.3) ? random.pick(['lado par', 'lado ímpar', 'até 999/1000']) : null,
    bairro: random.pick(NEIGHBOURHOODS),
    cidade: city.nome,
    uf: city.uf,
    ibge: city.ibge,
    ddd: city.ddd,
    moradores: Array.from({ length: random.int(3, 15) }, () =>
      dialect.obj({
        nome: nameFor(dialect, fullName(random, random.pick(['M', 'F']))),
        cpf: cpfFor(dialect, generateCpf(random)),
        numero: houseNumber(random),
        complemento: random.chance(0.4) ? random.pick(COMPLEMENTS) : null,
        desde: isoDate(randomDay(random, yearsBefore(REFERENCE_DAY, 20), REFERENCE_DAY - 30)),
      }),
    ),
  });
};

/** The path segment after /demo-api, what it answers, and the lookup (docs/demo-provider.md lists the same). */
export const DEMO_LOOKUPS: Record<string, { summary: string; lookup: DemoLookup }> = {
  cpf: { summary: 'Pessoa pelo CPF (CPF iniciado por 9: relatório grande)', lookup: lookupCpf },
  nome: { summary: 'Pessoas pelo nome', lookup: lookupName },
  mae: { summary: 'Pessoas pelo nome da mãe', lookup: lookupMotherName },
  pai: { summary: 'Pessoas pelo nome do pai', lookup: lookupFatherName },
  rg: { summary: 'Pessoa pelo RG', lookup: lookupRg },
  cns: { summary: 'Pessoa pelo Cartão Nacional de Saúde', lookup: lookupCns },
  titulo: { summary: 'Pessoa pelo título de eleitor', lookup: lookupVoterTitle },
  nis: { summary: 'Pessoa pelo NIS', lookup: lookupNis },
  pis: { summary: 'Pessoa pelo PIS/PASEP', lookup: lookupPis },
  cnpj: { summary: 'Empresa pelo CNPJ', lookup: lookupCnpj },
  'razao-social': { summary: 'Empresas pela razão social', lookup: lookupCompanyName },
  placa: { summary: 'Veículo pela placa (antiga ou Mercosul)', lookup: lookupPlate },
  chassi: { summary: 'Veículo pelo chassi', lookup: lookupChassis },
  renavam: { summary: 'Veículo pelo Renavam', lookup: lookupRenavam },
  motor: { summary: 'Veículo pelo número do motor', lookup: lookupEngine },
  telefone: { summary: 'Titulares e operadora de um telefone', lookup: lookupPhone },
  email: { summary: 'Titular de um email', lookup: lookupEmail },
  cep: { summary: 'Endereço e moradores de um CEP', lookup: lookupCep },
};
