/** A fictitious company as the Receita's CNPJ card shows one: registration, activities, partners, branches. */
import { isoDate, REFERENCE_DAY, randomDay, yearsBefore } from './calendar.ts';
import { CNAES, LEGAL_NATURES, PARTNER_ROLES } from './catalogues.ts';
import {
  address,
  cityPick,
  companyEmail,
  companyName,
  fullName,
  nameFor,
  phoneNumber,
  titleCase,
} from './contact.generator.ts';
import { cnpjFor, generateCnpj, generateCpf, maskedCpf } from './document-numbers.ts';
import type { Dialect } from './field-variants.ts';
import { COMPANY_ACTIVITIES, COMPANY_MARKERS, COMPANY_SUFFIXES } from './names.ts';
import { createRandom, type Random } from './random.ts';

const REGISTRATION_STATUSES: readonly (readonly [string, number])[] = [
  ['ATIVA', 80],
  ['BAIXADA', 8],
  ['INAPTA', 6],
  ['SUSPENSA', 4],
  ['NULA', 2],
];

const coded = (dialect: Dialect, [codigo, descricao]: readonly [string, string]) =>
  dialect.obj({ codigo, descricao });

export interface CompanyNames {
  razaoSocial: string;
  nomeFantasia: string;
}

/** The company behind a CNPJ (14 digits); `given` replaces the generated names when a search found it by name. */
export function generateCompany(
  dialect: Dialect,
  cnpj: string,
  given?: CompanyNames,
): Record<string, unknown> {
  const random = createRandom(`empresa:${cnpj}`);
  const part = (label: string) => random.fork(label);
  // Drawn even when given, so the rest matches what /cnpj answers for the same CNPJ.
  const generated = companyName(random);
  const names = given ?? generated;
  const root = cnpj.slice(0, 8);
  // An alphanumeric order ('01DE') is a branch like any order but 0001.
  const headOffice = cnpj.slice(8, 12) === '0001';
  const opened = randomDay(random, yearsBefore(REFERENCE_DAY, 40), REFERENCE_DAY - 90);
  const status = random.weighted(REGISTRATION_STATUSES);
  const nature = random.pick(LEGAL_NATURES);
  const individual = nature[0] === '213-5';
  const city = cityPick(random);
  const [principal, ...secondary] = random.sample(CNAES, random.int(1, 6));

  const contacts = part('contatos');
  const partners = part('socios');
  const branches = part('filiais');
  const branchCount = headOffice && !individual ? branches.int(0, 4) : 0;

  return dialect.obj({
    cnpj: cnpjFor(dialect, cnpj),
    razaoSocial: nameFor(dialect, names.razaoSocial),
    nomeFantasia: nameFor(dialect, names.nomeFantasia),
    situacaoCadastral: status,
    dataSituacao: isoDate(status === 'ATIVA' ? opened : randomDay(random, opened, REFERENCE_DAY)),
    abertura: isoDate(opened),
    matrizFilial: headOffice ? 'MATRIZ' : 'FILIAL',
    porte: individual ? 'ME' : random.pick(['ME', 'EPP', 'DEMAIS']),
    naturezaJuridica: coded(dialect, nature),
    cnaePrincipal: coded(dialect, principal!),
    cnaesSecundarios: secondary.map((cnae) => coded(dialect, cnae)),
    capitalSocial: random.money(1_000, individual ? 80_000 : 5_000_000),
    opcaoSimples: random.chance(0.6),
    opcaoMei: individual && random.chance(0.5),
    endereco: address(contacts, dialect, city, true),
    telefones: Array.from({ length: contacts.int(1, 3) }, (_, index) =>
      dialect.obj({
        ddd: city.ddd,
        numero: phoneNumber(contacts, contacts.chance(0.4)),
        tipo: 'COMERCIAL',
        principal: index === 0,
      }),
    ),
    emails: Array.from({ length: contacts.int(1, 2) }, (_, index) =>
      dialect.obj({ email: companyEmail(contacts, names.nomeFantasia), principal: index === 0 }),
    ),
    qsa: Array.from({ length: individual ? 1 : partners.int(1, 4) }, (_, index) =>
      dialect.obj({
        nome: nameFor(dialect, fullName(partners, partners.pick(['M', 'F']))),
        cpf: maskedCpf(generateCpf(partners)),
        qualificacao: individual
          ? '50-Empresário'
          : index === 0
            ? PARTNER_ROLES[0]
            : partners.pick(PARTNER_ROLES),
        entrada: isoDate(randomDay(partners, opened, REFERENCE_DAY)),
      }),
    ),
    filiais: Array.from({ length: branchCount }, (_, index) => {
      const branchCity = cityPick(branches);
      return dialect.obj({
        cnpj: cnpjFor(dialect, generateCnpj(branches, root, index + 2)),
        nomeFantasia: nameFor(dialect, `${names.nomeFantasia} ${branchCity.nome}`),
        cidade: branchCity.nome,
        uf: branchCity.uf,
        situacaoCadastral: branches.weighted(REGISTRATION_STATUSES),
        abertura: isoDate(randomDay(branches, opened, REFERENCE_DAY)),
      });
    }),
  });
}

/**
 * Companies "found" by name: the searched words lead every razão social, followed by a marker word
 * ('Exemplo', 'Modelo'…), so a result never reads as a real company's registration.
 */
export function companyNamesFor(random: Random, searched: string, count: number): CompanyNames[] {
  const base = titleCase(searched);
  return Array.from({ length: count }, (_, index) => {
    const marker = random.pick(COMPANY_MARKERS);
    const activity = index === 0 ? '' : ` ${random.pick(COMPANY_ACTIVITIES)}`;
    return {
      razaoSocial: `${base}${activity} ${marker} ${random.pick(COMPANY_SUFFIXES)}`,
      nomeFantasia: `${base}${activity} ${marker}`,
    };
  });
}
