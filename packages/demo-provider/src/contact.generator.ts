/** Names, addresses, phones and emails shared by the person, company and CEP generators. */
import { formatCep } from '@painel/shared/rules/documents';
import { type Day, REFERENCE_DAY, randomTimestamp, yearsBefore } from './calendar.ts';
import { DATA_SOURCES } from './catalogues.ts';
import type { Dialect } from './field-variants.ts';
import {
  COMPANY_ACTIVITIES,
  COMPANY_MARKERS,
  COMPANY_SUFFIXES,
  FEMALE_FIRST_NAMES,
  MALE_FIRST_NAMES,
  SURNAMES,
} from './names.ts';
import { CITIES, type City, COMPLEMENTS, NEIGHBOURHOODS, STREET_NAMES, STREET_TYPES } from './places.ts';
import type { Random } from './random.ts';

export type Sex = 'M' | 'F';

export const firstName = (random: Random, sex: Sex) =>
  random.pick(sex === 'M' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);

/** A full name: one or two first names and one or two surnames, the last one given when known. */
export function fullName(random: Random, sex: Sex, lastSurname: string = random.pick(SURNAMES)): string {
  const parts: string[] = [firstName(random, sex)];
  const second = firstName(random, sex);
  if (random.chance(0.3) && second !== parts[0]) parts.push(second);
  const middle = random.pick(SURNAMES);
  if (random.chance(0.6) && middle !== lastSurname) parts.push(middle);
  parts.push(lastSurname);
  return parts.join(' ');
}

/** 'Comércio Exemplo Silva Ltda': the marker word makes it plainly a made-up company. */
export function companyName(random: Random): { razaoSocial: string; nomeFantasia: string } {
  const activity = random.pick(COMPANY_ACTIVITIES);
  const marker = random.pick(COMPANY_MARKERS);
  const family = random.pick(SURNAMES);
  return {
    razaoSocial: `${activity} ${marker} ${family} ${random.pick(COMPANY_SUFFIXES)}`,
    nomeFantasia: `${activity} ${marker}`,
  };
}

export const lastWord = (name: string) => name.trim().split(/\s+/).pop() ?? name;

const LOWER_PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);

/** 'maria DA silva' -> 'Maria da Silva'. */
export function titleCase(text: string): string {
  return text
    .trim()
    .toLocaleLowerCase('pt-BR')
    .split(/\s+/)
    .map((word, index) =>
      index > 0 && LOWER_PARTICLES.has(word)
        ? word
        : word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1),
    )
    .join(' ');
}

/** A name as this response writes names. */
export const nameFor = (dialect: Dialect, name: string) =>
  dialect.upperCaseNames ? name.toLocaleUpperCase('pt-BR') : name;

export const cityPick = (random: Random): City => random.pick(CITIES);

/** A CEP inside the city's range (digits only). */
export function cepIn(random: Random, city: City): string {
  return String(random.int(city.cep[0], city.cep[1])).padStart(5, '0') + random.digits(3);
}

export const cepFor = (dialect: Dialect, cep: string) => (dialect.formattedDocuments ? formatCep(cep) : cep);

export const streetName = (random: Random) => `${random.pick(STREET_TYPES)} ${random.pick(STREET_NAMES)}`;

export const houseNumber = (random: Random) => (random.chance(0.05) ? 'S/N' : String(random.int(1, 3200)));

const lastFiveYears: [Day, Day] = [yearsBefore(REFERENCE_DAY, 5), REFERENCE_DAY];

export function address(random: Random, dialect: Dialect, city: City, principal: boolean) {
  return dialect.obj({
    logradouro: streetName(random),
    numero: houseNumber(random),
    bairro: random.pick(NEIGHBOURHOODS),
    cidade: city.nome,
    uf: city.uf,
    cep: cepFor(dialect, cepIn(random, city)),
    complemento: random.chance(0.5) ? random.pick(COMPLEMENTS) : null,
    principal,
    origem: random.pick(DATA_SOURCES),
    atualizado: randomTimestamp(random, ...lastFiveYears),
  });
}

/** Mobile numbers have nine digits and start with 9; landlines have eight and start with 2 to 5. */
export function phoneNumber(random: Random, mobile: boolean): string {
  return mobile ? `9${random.int(6, 9)}${random.digits(7)}` : `${random.int(2, 5)}${random.digits(7)}`;
}

export function phone(random: Random, dialect: Dialect, ddd: string, principal: boolean) {
  const mobile = random.chance(0.7);
  return dialect.obj({
    ddd,
    numero: phoneNumber(random, mobile),
    tipo: mobile ? 'CELULAR' : random.pick(['FIXO', 'COMERCIAL']),
    tipoLinha: mobile ? random.pick(['PRÉ-PAGO', 'PÓS-PAGO', 'CONTROLE']) : 'FIXO',
    tipoUso: random.pick(['PESSOAL', 'RESIDENCIAL', 'COMERCIAL', 'RECADO']),
    origem: random.pick(DATA_SOURCES),
    principal,
    atualizado: randomTimestamp(random, ...lastFiveYears),
  });
}

/** Domains reserved for examples and tests (RFC 2606 / 6761): nothing sent there is delivered. */
export const EMAIL_DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'email.test',
  'correio.test',
] as const;

const asciiLower = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');

export function emailAddress(random: Random, name: string): string {
  const words = asciiLower(name).split('.').filter(Boolean);
  const local = random.chance(0.5)
    ? `${words[0]}.${words[words.length - 1]}`
    : `${words[0]}${random.int(1, 999)}`;
  return `${local}@${random.pick(EMAIL_DOMAINS)}`;
}

export function emailEntry(random: Random, dialect: Dialect, name: string, principal: boolean) {
  return dialect.obj({
    email: emailAddress(random, name),
    origem: random.pick(DATA_SOURCES),
    principal,
    score: random.int(0, 100),
    blacklist: random.chance(0.08),
    atualizado: randomTimestamp(random, ...lastFiveYears),
  });
}

/** An email for a company: the fantasy name as the local part of a reserved domain. */
export function companyEmail(random: Random, fantasyName: string): string {
  const local = random.pick(['contato', 'financeiro', 'comercial', 'atendimento']);
  return `${local}@${asciiLower(fantasyName).replaceAll('.', '-')}.test`;
}
