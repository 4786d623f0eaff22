/**
 * Places of the demo data. Cities, UFs, IBGE codes and DDDs are real public reference data (no
 * personal data); street and neighbourhood names are generic.
 */

export interface City {
  nome: string;
  uf: string;
  ibge: string;
  ddd: string;
  /** First and last five-digit CEP prefixes of the city (approximate). */
  cep: readonly [number, number];
}

export const CITIES: readonly City[] = [
  { nome: 'São Paulo', uf: 'SP', ibge: '3550308', ddd: '11', cep: [1000, 5999] },
  { nome: 'Rio de Janeiro', uf: 'RJ', ibge: '3304557', ddd: '21', cep: [20000, 23799] },
  { nome: 'Belo Horizonte', uf: 'MG', ibge: '3106200', ddd: '31', cep: [30000, 31999] },
  { nome: 'Salvador', uf: 'BA', ibge: '2927408', ddd: '71', cep: [40000, 42599] },
  { nome: 'Brasília', uf: 'DF', ibge: '5300108', ddd: '61', cep: [70000, 72799] },
  { nome: 'Fortaleza', uf: 'CE', ibge: '2304400', ddd: '85', cep: [60000, 61599] },
  { nome: 'Recife', uf: 'PE', ibge: '2611606', ddd: '81', cep: [50000, 52999] },
  { nome: 'Porto Alegre', uf: 'RS', ibge: '4314902', ddd: '51', cep: [90000, 91999] },
  { nome: 'Curitiba', uf: 'PR', ibge: '4106902', ddd: '41', cep: [80000, 82999] },
  { nome: 'Manaus', uf: 'AM', ibge: '1302603', ddd: '92', cep: [69000, 69099] },
  { nome: 'Belém', uf: 'PA', ibge: '1501402', ddd: '91', cep: [66000, 66999] },
  { nome: 'Goiânia', uf: 'GO', ibge: '5208707', ddd: '62', cep: [74000, 74899] },
  { nome: 'São Luís', uf: 'MA', ibge: '2111300', ddd: '98', cep: [65000, 65109] },
  { nome: 'Maceió', uf: 'AL', ibge: '2704302', ddd: '82', cep: [57000, 57099] },
  { nome: 'Natal', uf: 'RN', ibge: '2408102', ddd: '84', cep: [59000, 59139] },
  { nome: 'Teresina', uf: 'PI', ibge: '2211001', ddd: '86', cep: [64000, 64099] },
  { nome: 'João Pessoa', uf: 'PB', ibge: '2507507', ddd: '83', cep: [58000, 58099] },
  { nome: 'Aracaju', uf: 'SE', ibge: '2800308', ddd: '79', cep: [49000, 49099] },
  { nome: 'Cuiabá', uf: 'MT', ibge: '5103403', ddd: '65', cep: [78000, 78109] },
  { nome: 'Campo Grande', uf: 'MS', ibge: '5002704', ddd: '67', cep: [79000, 79129] },
  { nome: 'Florianópolis', uf: 'SC', ibge: '4205407', ddd: '48', cep: [88000, 88099] },
  { nome: 'Vitória', uf: 'ES', ibge: '3205309', ddd: '27', cep: [29000, 29099] },
  { nome: 'Porto Velho', uf: 'RO', ibge: '1100205', ddd: '69', cep: [76800, 76834] },
  { nome: 'Rio Branco', uf: 'AC', ibge: '1200401', ddd: '68', cep: [69900, 69923] },
  { nome: 'Macapá', uf: 'AP', ibge: '1600303', ddd: '96', cep: [68900, 68914] },
  { nome: 'Boa Vista', uf: 'RR', ibge: '1400100', ddd: '95', cep: [69300, 69339] },
  { nome: 'Palmas', uf: 'TO', ibge: '1721000', ddd: '63', cep: [77000, 77249] },
  { nome: 'Campinas', uf: 'SP', ibge: '3509502', ddd: '19', cep: [13000, 13139] },
  { nome: 'Santos', uf: 'SP', ibge: '3548500', ddd: '13', cep: [11000, 11099] },
  { nome: 'Ribeirão Preto', uf: 'SP', ibge: '3543402', ddd: '16', cep: [14000, 14114] },
  { nome: 'Sorocaba', uf: 'SP', ibge: '3552205', ddd: '15', cep: [18000, 18109] },
  { nome: 'Niterói', uf: 'RJ', ibge: '3303302', ddd: '21', cep: [24000, 24399] },
  { nome: 'Uberlândia', uf: 'MG', ibge: '3170206', ddd: '34', cep: [38400, 38415] },
  { nome: 'Juiz de Fora', uf: 'MG', ibge: '3136702', ddd: '32', cep: [36000, 36099] },
  { nome: 'Londrina', uf: 'PR', ibge: '4113700', ddd: '43', cep: [86000, 86099] },
  { nome: 'Joinville', uf: 'SC', ibge: '4209102', ddd: '47', cep: [89200, 89239] },
  { nome: 'Caxias do Sul', uf: 'RS', ibge: '4305108', ddd: '54', cep: [95000, 95124] },
  { nome: 'Feira de Santana', uf: 'BA', ibge: '2910800', ddd: '75', cep: [44000, 44109] },
  { nome: 'Campina Grande', uf: 'PB', ibge: '2504009', ddd: '83', cep: [58400, 58439] },
];

/** Every DDD in use in Brazil. */
export const VALID_DDDS: ReadonlySet<string> = new Set(
  [
    11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45,
    46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83,
    84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
  ].map(String),
);

/** The city a CEP falls in, when it is in one of the known ranges. */
export function cityOfCep(cep: string): City | undefined {
  const prefix = Number(cep.slice(0, 5));
  return CITIES.find((city) => prefix >= city.cep[0] && prefix <= city.cep[1]);
}

export const STREET_TYPES = [
  'Rua',
  'Rua',
  'Rua',
  'Avenida',
  'Avenida',
  'Travessa',
  'Alameda',
  'Praça',
] as const;

export const STREET_NAMES = [
  'das Acácias',
  'dos Ipês',
  'das Palmeiras',
  'das Orquídeas',
  'das Flores',
  'do Sol',
  'da Esperança',
  'dos Girassóis',
  'das Hortênsias',
  'dos Jacarandás',
  'das Margaridas',
  'dos Pinheiros',
  'das Violetas',
  'da Paz',
  'do Horizonte',
  'das Gaivotas',
  'dos Sabiás',
  'das Andorinhas',
  'do Bosque',
  'da Colina',
  'das Magnólias',
  'dos Cedros',
  'das Azaleias',
  'do Lago',
  'da Primavera',
  'do Outono',
  'das Estrelas',
  'da Liberdade',
  'do Comércio',
  'das Nações',
  'dos Bandeirantes',
  'da Aurora',
  'do Pomar',
  'das Mangueiras',
  'dos Coqueiros',
  'das Tulipas',
  'do Vale',
  'da Serra',
  'dos Lírios',
  'das Camélias',
] as const;

export const NEIGHBOURHOODS = [
  'Centro',
  'Jardim das Flores',
  'Vila Nova',
  'Parque Industrial',
  'Jardim América',
  'Vila Esperança',
  'Bela Vista',
  'Boa Vista',
  'Jardim Primavera',
  'Santa Cruz',
  'São José',
  'Jardim Europa',
  'Vila Operária',
  'Alto da Colina',
  'Recanto Verde',
  'Jardim Paraíso',
  'Parque dos Ipês',
  'Vila Aurora',
  'Jardim do Lago',
  'Residencial Exemplo',
  'Conjunto Habitacional Modelo',
  'Jardim Bandeirantes',
  'Vila Rica',
  'Cidade Nova',
] as const;

export const COMPLEMENTS = [
  'Casa',
  'Casa 2',
  'Apto 101',
  'Apto 32',
  'Bloco B Apto 14',
  'Fundos',
  'Sala 5',
  'Lote 7',
] as const;
