/**
 * A fictitious person with every section the result view shows (docs/product/lookups.md#result-view). The person is
 * derived from the CPF, so the same CPF is the same person wherever it appears; the sizes of the
 * lists vary with it, and a CPF starting with 9 gives a big report (thousands of rows).
 */
import { certificateCheckDigits } from '@painel/shared/rules/documents';
import { ageAt, type Day, isoDate, REFERENCE_DAY, randomDay, yearsBefore, zodiacSign } from './calendar.ts';
import {
  ANALYTICS_MODELS,
  CREDIT_MODELS,
  DATA_SOURCES,
  INTEREST_GROUPS,
  MOSAIC_GROUPS,
  OCCUPATIONS,
  SCORE_BANDS,
} from './catalogues.ts';
import {
  address,
  cityPick,
  companyName,
  emailEntry,
  firstName,
  fullName,
  lastWord,
  nameFor,
  phone,
  type Sex,
} from './contact.generator.ts';
import {
  cnpjFor,
  cpfFor,
  generateCnpj,
  generateCns,
  generateCpf,
  generatePis,
  generateRg,
  generateVoterTitle,
  pisFor,
  rgDigit,
} from './document-numbers.ts';
import type { Dialect } from './field-variants.ts';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from './names.ts';
import type { City } from './places.ts';
import { createRandom, type Random } from './random.ts';

/** What a lookup already knows about the person it asks for. */
export interface PersonInput {
  /** 11 digits. */
  cpf: string;
  nome?: string;
  nomeMae?: string;
  nomePai?: string;
  rg?: string;
  cns?: string;
  tituloEleitor?: string;
  nis?: string;
  pis?: string;
}

/** A CPF starting with 9 asks for a big report (docs/demo-provider.md). */
export const isBigReportCpf = (cpf: string) => cpf.startsWith('9');

/**
 * The one CPF that is a child, 8 to 12 at the reference day (docs/demo-provider.md#a-minor): one
 * number, so no generated or randomly typed CPF turns a result into a minor's by chance.
 */
export const MINOR_CPF = '70531826490';
export const isMinorCpf = (cpf: string) => cpf === MINOR_CPF;

/** The band of a 0–1000 score: [faixa, descricao]. */
export function scoreBand(score: number): [string, string] {
  const band = SCORE_BANDS.find(([upTo]) => score <= upTo) ?? SCORE_BANDS[SCORE_BANDS.length - 1]!;
  return [band[1], band[2]];
}

interface Sizes {
  enderecos: number;
  telefones: number;
  emails: number;
  extraRelatives: number;
  vizinhos: number;
  empregos: number;
  certidoes: number;
  nestedCertidoes: number;
  pis: number;
  pisDuplicates: number;
  pisInJobs: boolean;
  /** Items per interest group, one entry per group shown. */
  interestGroups: number[];
}

const BIG_SIZES: Sizes = {
  enderecos: 300,
  telefones: 2000,
  emails: 150,
  extraRelatives: 50,
  vizinhos: 120,
  empregos: 40,
  certidoes: 30,
  nestedCertidoes: 8,
  pis: 20,
  pisDuplicates: 6,
  pisInJobs: true,
  interestGroups: INTEREST_GROUPS.map(() => 200),
};

function sizesFor(random: Random): Sizes {
  const groups = random.int(3, 10);
  const interestGroups = Array.from({ length: groups }, () => random.int(1, 25));
  // Some reports overflow the view's caps: 60 interests per group, 20 certificates, 12 PIS.
  if (random.chance(0.35)) {
    interestGroups[0] = random.int(61, 90);
    if (random.chance(0.4)) interestGroups[groups - 1] = random.int(61, 75);
  }
  const certidoes = random.chance(0.3) ? random.int(21, 28) : random.int(1, 5);
  const pis = random.chance(0.2) ? random.int(13, 18) : random.int(1, 3);
  return {
    enderecos: random.int(1, 8),
    telefones: random.int(1, 10),
    emails: random.int(1, 6),
    extraRelatives: random.int(0, 3),
    vizinhos: random.int(0, 10),
    empregos: random.int(0, 7),
    certidoes,
    nestedCertidoes: random.chance(0.4) ? random.int(1, Math.min(5, certidoes)) : 0,
    pis,
    pisDuplicates: random.chance(0.5) ? random.int(1, 4) : 0,
    pisInJobs: random.chance(0.6),
    interestGroups,
  };
}

const repeat = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));

const RACES: readonly (readonly [string, number])[] = [
  ['PARDA', 45],
  ['BRANCA', 43],
  ['PRETA', 10],
  ['AMARELA', 1],
  ['INDÍGENA', 0.5],
  ['NÃO INFORMADA', 0.5],
];

const CPF_STATUSES: readonly (readonly [string, number])[] = [
  ['REGULAR', 85],
  ['PENDENTE DE REGULARIZAÇÃO', 6],
  ['SUSPENSA', 4],
  ['CANCELADA', 2],
  ['NULA', 1],
  ['TITULAR FALECIDO', 2],
];

function income(random: Random): number {
  const [min, max] = random.weighted<[number, number]>([
    [[1412, 3000], 50],
    [[3000, 8000], 35],
    [[8000, 30000], 15],
  ]);
  return random.money(min, max);
}

const CERTIFICATE_TYPES = [
  'NASCIMENTO',
  'CASAMENTO',
  'NASCIMENTO - 2ª VIA',
  'CASAMENTO - AVERBAÇÃO DE DIVÓRCIO',
  'INTEIRO TEOR',
] as const;

function certificate(random: Random, dialect: Dialect, city: City, birth: Day) {
  const tipo = random.pick(CERTIFICATE_TYPES);
  const day = tipo.startsWith('NASCIMENTO')
    ? birth + random.int(1, 60)
    : randomDay(random, birth, REFERENCE_DAY);
  const livro = random.int(1, 400);
  const folha = random.int(1, 300);
  const termo = random.int(1, 99_999);
  const bookType = tipo.startsWith('CASAMENTO') ? '2' : '1';
  // Registry office, archive, civil-registry service, year, book type, book, page and term.
  const parts = [
    random.digits(6),
    '01',
    '55',
    isoDate(day).slice(0, 4),
    bookType,
    String(livro).padStart(5, '0'),
    String(folha).padStart(3, '0'),
    String(termo).padStart(7, '0'),
  ];
  const matricula = [...parts, certificateCheckDigits(parts.join(''))].join(' ');
  return dialect.obj({
    tipo,
    numero: random.digits(6),
    cartorio: `Cartório de Registro Civil Exemplo - ${random.int(1, 12)}º Subdistrito`,
    municipio: city.nome,
    uf: city.uf,
    data: isoDate(day),
    livro: `${bookType === '1' ? 'A' : 'B'}-${livro}`,
    folha: String(folha),
    termo: String(termo),
    matricula,
    registro: random.digits(7),
  });
}

function pisEntry(random: Random, dialect: Dialect, numero: string, birth: Day) {
  // A child's NIS is recent; an adult's PIS dates from 16 on.
  const inclusao = randomDay(
    random,
    Math.min(yearsBefore(birth, -16), REFERENCE_DAY - 60),
    REFERENCE_DAY - 30,
  );
  return dialect.obj({
    numero: pisFor(dialect, numero),
    inclusao: isoDate(inclusao),
    atualizacao: isoDate(randomDay(random, inclusao, REFERENCE_DAY)),
    situacao: random.weighted([
      ['ATIVO', 8],
      ['INATIVO', 1],
      ['CANCELADO', 1],
    ]),
    categoria: random.pick(['PIS', 'PASEP', 'NIT', 'NIS']),
    origem: random.pick(['CNIS', 'CAIXA', 'BANCO DO BRASIL', 'INSS']),
  });
}

/** Entries repeated at random places, so the view's de-duplication has work to do. */
function withDuplicates<T>(random: Random, entries: T[], duplicates: number): T[] {
  const result = [...entries];
  for (let index = 0; index < duplicates; index += 1) {
    result.splice(random.int(0, result.length), 0, random.pick(entries));
  }
  return result;
}

function creditBlock(random: Random, dialect: Dialect, models: readonly string[]) {
  const atualizacao = isoDate(randomDay(random, REFERENCE_DAY - 180, REFERENCE_DAY));
  const mosaic = () => {
    const [letra, descricao] = random.pick(MOSAIC_GROUPS);
    const codigo = `${letra}${String(random.int(1, 40)).padStart(2, '0')}`;
    return dialect.obj({ codigo, descricao: `${descricao}, segmento ${codigo}` });
  };
  return dialect.obj({
    scores: models.map((modelo) => {
      const score = random.int(0, 1000);
      const [faixa, descricao] = scoreBand(score);
      return dialect.obj({ modelo, score, faixa, descricao, atualizacao });
    }),
    atualizacao,
    mosaic: mosaic(),
    mosaicSecundario: mosaic(),
    mosaicNovo: mosaic(),
  });
}

function interests(random: Random, dialect: Dialect, groupSizes: number[]) {
  const groups = random.sample(INTEREST_GROUPS, groupSizes.length);
  const from = yearsBefore(REFERENCE_DAY, 3);
  return groups.flatMap(([tipo, descricoes], index) =>
    repeat(groupSizes[index]!, () =>
      dialect.obj({
        tipo,
        descricao: random.pick(descricoes),
        origem: random.pick(DATA_SOURCES),
        data: isoDate(randomDay(random, from, REFERENCE_DAY)),
        valor: random.money(10, 5000),
      }),
    ),
  );
}

interface Relative {
  parentesco: string;
  tipoVinculo: string;
  nome: string;
  birth: Day;
}

const DIRECT = 'PARENTESCO DIRETO';
const INDIRECT = 'PARENTESCO INDIRETO';

/** No one is born after the reference day. */
const notAfterToday = (day: Day) => Math.min(day, REFERENCE_DAY - 30);

function relatives(
  random: Random,
  person: { birth: Day; nomeMae: string; nomePai: string; surnames: [string, string] },
  extra: number,
): Relative[] {
  const age = ageAt(person.birth);
  const [motherSurname, fatherSurname] = person.surnames;
  const family = `${motherSurname === fatherSurname ? '' : `${motherSurname} `}${fatherSurname}`;
  const list: Relative[] = [];
  const motherBirth = yearsBefore(person.birth, random.int(18, 42));
  if (random.chance(0.95))
    list.push({ parentesco: 'MÃE', tipoVinculo: DIRECT, nome: person.nomeMae, birth: motherBirth });
  if (random.chance(0.9)) {
    list.push({
      parentesco: 'PAI',
      tipoVinculo: DIRECT,
      nome: person.nomePai,
      birth: yearsBefore(motherBirth, random.int(-5, 10)),
    });
  }
  for (let index = random.int(0, 4); index > 0; index -= 1) {
    const sex: Sex = random.pick(['M', 'F']);
    list.push({
      parentesco: sex === 'M' ? 'IRMÃO' : 'IRMÃ',
      tipoVinculo: DIRECT,
      nome: `${firstName(random, sex)} ${family}`,
      birth: notAfterToday(yearsBefore(person.birth, random.int(-12, 12))),
    });
  }
  if (age >= 20 && random.chance(0.5)) {
    list.push({
      parentesco: 'CÔNJUGE',
      tipoVinculo: 'VÍNCULO CONJUGAL',
      nome: fullName(random, random.pick(['M', 'F'])),
      birth: notAfterToday(yearsBefore(person.birth, random.int(-8, 8))),
    });
  }
  if (age >= 22) {
    for (let index = random.int(0, 3); index > 0; index -= 1) {
      const sex: Sex = random.pick(['M', 'F']);
      list.push({
        parentesco: sex === 'M' ? 'FILHO' : 'FILHA',
        tipoVinculo: DIRECT,
        nome: `${firstName(random, sex)} ${random.pick(SURNAMES)} ${fatherSurname}`,
        birth: notAfterToday(yearsBefore(person.birth, -random.int(18, Math.min(45, age - 1)))),
      });
    }
  }
  const distant: readonly [string, string, number, number][] = [
    ['TIO', 'TIA', 15, 35],
    ['AVÔ', 'AVÓ', 40, 65],
    ['PRIMO', 'PRIMA', -15, 15],
    ['SOBRINHO', 'SOBRINHA', -35, -15],
  ];
  for (let index = 0; index < extra; index += 1) {
    const [male, female, minYears, maxYears] = random.pick(distant);
    const sex: Sex = random.pick(['M', 'F']);
    list.push({
      parentesco: sex === 'M' ? male : female,
      tipoVinculo: INDIRECT,
      nome: fullName(random, sex, random.chance(0.5) ? fatherSurname : random.pick(SURNAMES)),
      birth: notAfterToday(yearsBefore(person.birth, random.int(minYears, maxYears))),
    });
  }
  return list;
}

function job(random: Random, dialect: Dialect, birth: Day, uf: string, current: boolean, pis: unknown) {
  const admissao = randomDay(
    random,
    Math.max(yearsBefore(birth, -16), yearsBefore(REFERENCE_DAY, 30)),
    REFERENCE_DAY - 60,
  );
  const demissao = current ? null : randomDay(random, admissao + 30, REFERENCE_DAY);
  const [cboNumero, cboDescricao] = random.pick(OCCUPATIONS);
  return dialect.obj({
    empresa: companyName(random).razaoSocial,
    cnpj: cnpjFor(dialect, generateCnpj(random)),
    cargo: cboDescricao.toLocaleUpperCase('pt-BR'),
    admissao: isoDate(admissao),
    demissao: demissao === null ? null : isoDate(demissao),
    cadastro: isoDate(admissao - random.int(0, 30)),
    situacao: current
      ? random.weighted([
          ['ATIVO', 9],
          ['AFASTADO', 1],
        ])
      : 'DESLIGADO',
    cbo: dialect.obj({ numero: cboNumero, descricao: cboDescricao }),
    ctps: dialect.obj({ numero: random.digits(7), serie: `${random.digits(4)}-${uf}` }),
    pis: pis === undefined ? undefined : [pis],
  });
}

function registroGeral(random: Random, dialect: Dialect, given: string | undefined, city: City, birth: Day) {
  let numero: string;
  let digito: string;
  if (given && given.length >= 9) {
    numero = given.slice(0, -1);
    digito = given.slice(-1);
  } else if (given) {
    numero = given;
    digito = rgDigit(given);
  } else {
    ({ numero, digito } = generateRg(random));
  }
  return dialect.obj({
    numero,
    orgao: 'SSP',
    uf: city.uf,
    data: isoDate(randomDay(random, yearsBefore(birth, -7), REFERENCE_DAY - 30)),
    serie: random.pick(['1ª VIA', '2ª VIA', '3ª VIA']),
    digito,
  });
}

/** 'M' or 'F' when the first name is in the name lists, so a searched name gets a fitting sex. */
function sexOfName(name: string): Sex | undefined {
  const first = name.trim().split(/\s+/)[0]?.toLocaleLowerCase('pt-BR');
  if (FEMALE_FIRST_NAMES.some((known) => known.toLocaleLowerCase('pt-BR') === first)) return 'F';
  if (MALE_FIRST_NAMES.some((known) => known.toLocaleLowerCase('pt-BR') === first)) return 'M';
  return undefined;
}

/** A searched full name's surnames: the last one is the father's, the one before it (if any) the mother's. */
function surnamesOf(name: string): { mother?: string; father?: string } {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => !/^(da|das|de|do|dos|e)$/i.test(word));
  if (words.length < 2) return {};
  return { father: words[words.length - 1], mother: words.length >= 3 ? words[words.length - 2] : undefined };
}

/** The person's fields under this response's spellings (the caller adds the notice). */
export function generatePerson(dialect: Dialect, input: PersonInput): Record<string, unknown> {
  const seed = `pessoa:${input.cpf}`;
  const part = (label: string) => createRandom(`${seed}/${label}`);
  const core = part('identidade');
  const minor = isMinorCpf(input.cpf);
  const drawnSizes = isBigReportCpf(input.cpf) ? BIG_SIZES : sizesFor(part('tamanhos'));
  // A child has no jobs and one NIS.
  const sizes = minor
    ? { ...drawnSizes, empregos: 0, pis: 1, pisDuplicates: 0, pisInJobs: false }
    : drawnSizes;

  const drawnSex = core.weighted<'M' | 'F' | 'I' | 'O'>([
    ['M', 48],
    ['F', 48],
    ['I', 2],
    ['O', 2],
  ]);
  const searchedSex = input.nome ? sexOfName(input.nome) : undefined;
  const sexo = searchedSex && (drawnSex === 'M' || drawnSex === 'F') ? searchedSex : drawnSex;
  const nameSex: Sex = sexo === 'M' || sexo === 'F' ? sexo : (searchedSex ?? core.pick(['M', 'F']));
  const givenNames = input.nome ? surnamesOf(input.nome) : undefined;
  const motherSurname = givenNames?.mother ?? (input.nomeMae ? lastWord(input.nomeMae) : core.pick(SURNAMES));
  const fatherSurname = givenNames?.father ?? (input.nomePai ? lastWord(input.nomePai) : core.pick(SURNAMES));
  const nomeMae = input.nomeMae ?? fullName(core, 'F', motherSurname);
  const nomePai = input.nomePai ?? fullName(core, 'M', fatherSurname);
  const family = motherSurname === fatherSurname ? fatherSurname : `${motherSurname} ${fatherSurname}`;
  const nome = input.nome ?? `${firstName(core, nameSex)} ${family}`;
  const birth = minor
    ? randomDay(core, yearsBefore(REFERENCE_DAY, 12), yearsBefore(REFERENCE_DAY, 8))
    : randomDay(core, yearsBefore(REFERENCE_DAY, 85), yearsBefore(REFERENCE_DAY, 18));
  const age = ageAt(birth);
  const home = cityPick(core);
  const scoreSpc = core.int(0, 1000);
  const nomeSocial = core.chance(0.06)
    ? `${firstName(core, nameSex === 'M' ? 'F' : 'M')} ${family}`
    : undefined;

  const basic = dialect.obj({
    nome: nameFor(dialect, nome),
    nomeSocial: nomeSocial && nameFor(dialect, nomeSocial),
    cpf: cpfFor(dialect, input.cpf),
    sexo,
    racaCor: core.weighted(RACES),
    signo: zodiacSign(birth),
    rendaAtual: minor ? 0 : income(core),
    nasc: dialect.birth(birth),
    filiacao: dialect.obj({ nomeMae: nameFor(dialect, nomeMae), nomePai: nameFor(dialect, nomePai) }),
    scoreSpc,
    scoreFaixa: scoreBand(scoreSpc)[0],
    situacao: core.weighted(CPF_STATUSES),
    vipSus: core.chance(0.05),
    empresario: !minor && core.chance(0.15),
    aposentado: !minor && (age >= 60 ? core.chance(0.7) : core.chance(0.02)),
    servidorPubl: !minor && core.chance(0.1),
  });

  const documents = part('documentos');
  const certificateList = repeat(sizes.certidoes, () => certificate(documents, dialect, home, birth));
  const nested = certificateList.splice(certificateList.length - sizes.nestedCertidoes);
  const pisRandom = part('pis');
  const pisNumbers = [input.pis ?? input.nis ?? generatePis(pisRandom)];
  while (pisNumbers.length < sizes.pis) pisNumbers.push(generatePis(pisRandom));
  const pisEntries = pisNumbers.map((numero) => pisEntry(pisRandom, dialect, numero, birth));

  const contacts = part('contatos');
  const people = part('pessoas');
  const relativesAsAge = people.chance(0.5);
  const work = part('empregos');
  const jobCount = sizes.empregos;

  const sections = dialect.obj({
    registroGeral: registroGeral(documents, dialect, input.rg, home, birth),
    documentos: dialect.obj({
      cns: input.cns ?? generateCns(documents),
      tituloEleitor: input.tituloEleitor ?? generateVoterTitle(documents, home.uf),
      nis: pisFor(dialect, input.nis ?? pisNumbers[0]!),
      certidoes: nested.length > 0 ? nested : undefined,
    }),
    certidoes: certificateList.length > 0 ? certificateList : undefined,
    pis: withDuplicates(pisRandom, pisEntries, sizes.pisDuplicates),
    analytics: creditBlock(part('analytics'), dialect, ANALYTICS_MODELS),
    serasa: creditBlock(part('serasa'), dialect, CREDIT_MODELS),
    interesses: interests(part('interesses'), dialect, sizes.interestGroups),
    enderecos: repeat(sizes.enderecos, (index) =>
      address(
        contacts,
        dialect,
        index === 0 || contacts.chance(0.7) ? home : cityPick(contacts),
        index === 0,
      ),
    ),
    telefones: repeat(sizes.telefones, (index) =>
      phone(contacts, dialect, contacts.chance(0.8) ? home.ddd : cityPick(contacts).ddd, index === 0),
    ),
    emails: repeat(sizes.emails, (index) => emailEntry(contacts, dialect, nome, index === 0)),
    parentes: relatives(
      people,
      { birth, nomeMae, nomePai, surnames: [motherSurname, fatherSurname] },
      sizes.extraRelatives,
    ).map((relative) =>
      dialect.obj({
        nome: nameFor(dialect, relative.nome),
        parentesco: relative.parentesco,
        tipoVinculo: relative.tipoVinculo,
        idade: relativesAsAge ? ageAt(relative.birth) : undefined,
        nasc: relativesAsAge ? undefined : dialect.birth(relative.birth),
        cpf: cpfFor(dialect, generateCpf(people)),
      }),
    ),
    vizinhos: repeat(sizes.vizinhos, () =>
      dialect.obj({
        nome: nameFor(dialect, fullName(people, people.pick(['M', 'F']))),
        cpf: cpfFor(dialect, generateCpf(people)),
        distancia: people.int(5, 800),
      }),
    ),
    empregos: repeat(jobCount, (index) =>
      job(
        work,
        dialect,
        birth,
        home.uf,
        index === jobCount - 1 && work.chance(0.6),
        sizes.pisInJobs ? work.pick(pisEntries) : undefined,
      ),
    ),
  });

  const wrapper = dialect.basicDataWrapper;
  return wrapper === null ? { ...basic, ...sections } : { [wrapper]: basic, ...sections };
}
