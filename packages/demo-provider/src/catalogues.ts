/**
 * Code tables the demo data draws from: public classifications (CNAE, CBO, natureza jurídica),
 * vehicle makes and models, and made-up catalogues (interests, Mosaic segments, data sources).
 */

/** A code and its description, as registries print them. */
export type Coded = readonly [codigo: string, descricao: string];

export const CNAES: readonly Coded[] = [
  [
    '4711-3/02',
    'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados',
  ],
  ['5611-2/01', 'Restaurantes e similares'],
  ['4781-4/00', 'Comércio varejista de artigos do vestuário e acessórios'],
  ['6201-5/01', 'Desenvolvimento de programas de computador sob encomenda'],
  ['4930-2/02', 'Transporte rodoviário de carga, exceto produtos perigosos e mudanças, intermunicipal'],
  ['4120-4/00', 'Construção de edifícios'],
  ['7020-4/00', 'Atividades de consultoria em gestão empresarial'],
  ['4771-7/01', 'Comércio varejista de produtos farmacêuticos, sem manipulação de fórmulas'],
  ['1091-1/02', 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria'],
  ['4530-7/03', 'Comércio a varejo de peças e acessórios novos para veículos automotores'],
  ['8599-6/04', 'Treinamento em desenvolvimento profissional e gerencial'],
  ['9602-5/01', 'Cabeleireiros, manicure e pedicure'],
  ['4751-2/01', 'Comércio varejista especializado de equipamentos e suprimentos de informática'],
  ['6911-7/01', 'Serviços advocatícios'],
  ['4761-0/03', 'Comércio varejista de artigos de papelaria'],
  ['7319-0/02', 'Promoção de vendas'],
  ['8211-3/00', 'Serviços combinados de escritório e apoio administrativo'],
  ['4744-0/01', 'Comércio varejista de ferragens e ferramentas'],
  ['5320-2/02', 'Serviços de entrega rápida'],
  ['8219-9/99', 'Preparação de documentos e serviços especializados de apoio administrativo'],
];

export const LEGAL_NATURES: readonly Coded[] = [
  ['206-2', 'Sociedade Empresária Limitada'],
  ['213-5', 'Empresário (Individual)'],
  ['205-4', 'Sociedade Anônima Fechada'],
  ['224-0', 'Sociedade Simples Limitada'],
  ['399-9', 'Associação Privada'],
];

export const PARTNER_ROLES = [
  '49-Sócio-Administrador',
  '22-Sócio',
  '05-Administrador',
  '16-Presidente',
] as const;

export const OCCUPATIONS: readonly Coded[] = [
  ['4110-10', 'Assistente administrativo'],
  ['5211-10', 'Vendedor de comércio varejista'],
  ['7825-10', 'Motorista de caminhão'],
  ['4221-05', 'Recepcionista, em geral'],
  ['2124-05', 'Analista de desenvolvimento de sistemas'],
  ['5134-05', 'Garçom'],
  ['5143-20', 'Faxineiro'],
  ['7842-05', 'Alimentador de linha de produção'],
  ['2235-05', 'Enfermeiro'],
  ['3222-05', 'Técnico de enfermagem'],
  ['5173-30', 'Vigilante'],
  ['5211-25', 'Repositor de mercadorias'],
  ['4211-25', 'Operador de caixa'],
  ['4141-05', 'Almoxarife'],
  ['2522-10', 'Contador'],
  ['7152-10', 'Pedreiro'],
];

export const INTEREST_GROUPS: readonly (readonly [tipo: string, descricoes: readonly string[]])[] = [
  [
    'COMPRAS ONLINE',
    ['Eletrônicos', 'Livros', 'Eletrodomésticos', 'Casa e decoração', 'Brinquedos', 'Games'],
  ],
  [
    'VEÍCULOS',
    ['Carros seminovos', 'Motocicletas', 'Peças e acessórios', 'Seguro auto', 'Consórcio de veículos'],
  ],
  ['IMÓVEIS', ['Apartamentos para compra', 'Casas para aluguel', 'Financiamento imobiliário', 'Reformas']],
  ['VIAGENS', ['Pacotes nacionais', 'Passagens aéreas', 'Hotéis e pousadas', 'Cruzeiros', 'Ecoturismo']],
  ['INVESTIMENTOS', ['Renda fixa', 'Fundos imobiliários', 'Ações', 'Previdência privada', 'Tesouro Direto']],
  ['SAÚDE E BEM-ESTAR', ['Academias', 'Planos de saúde', 'Suplementos', 'Alimentação saudável', 'Yoga']],
  ['EDUCAÇÃO', ['Cursos de idiomas', 'Graduação a distância', 'Pós-graduação', 'Cursos livres', 'Concursos']],
  ['ESPORTES', ['Futebol', 'Corrida', 'Ciclismo', 'Natação', 'Artes marciais', 'Vôlei']],
  ['TECNOLOGIA', ['Smartphones', 'Notebooks', 'Casa inteligente', 'Streaming', 'Fones de ouvido']],
  ['MODA', ['Calçados', 'Roupas esportivas', 'Acessórios', 'Moda praia', 'Relógios']],
  ['CRÉDITO', ['Cartão de crédito', 'Empréstimo pessoal', 'Crédito consignado', 'Renegociação de dívidas']],
  ['SEGUROS', ['Seguro residencial', 'Seguro de vida', 'Seguro viagem', 'Seguro celular']],
  ['PETS', ['Ração', 'Pet shop', 'Veterinário', 'Acessórios para pets']],
  ['GASTRONOMIA', ['Delivery de comida', 'Restaurantes', 'Vinhos', 'Cafés especiais', 'Receitas']],
  ['ENTRETENIMENTO', ['Cinema', 'Shows', 'Teatro', 'Parques temáticos', 'Séries']],
];

/** Where a record "came from": made-up source names, so no real bureau is implied. */
export const DATA_SOURCES = [
  'BASE DEMO',
  'PARCEIRO EXEMPLO',
  'CADASTRO FICTÍCIO',
  'BUREAU SIMULADO',
  'FONTE DE TESTE',
] as const;

export const MOSAIC_GROUPS: readonly (readonly [letra: string, descricao: string])[] = [
  ['A', 'Elites urbanas de alta renda (perfil de exemplo)'],
  ['B', 'Famílias estabelecidas de classe média alta (perfil de exemplo)'],
  ['C', 'Jovens profissionais conectados (perfil de exemplo)'],
  ['D', 'Famílias em ascensão nas periferias (perfil de exemplo)'],
  ['E', 'Aposentados com renda estável (perfil de exemplo)'],
  ['F', 'Trabalhadores do interior (perfil de exemplo)'],
  ['G', 'Jovens em início de carreira (perfil de exemplo)'],
  ['H', 'Famílias rurais tradicionais (perfil de exemplo)'],
  ['I', 'Empreendedores de pequeno porte (perfil de exemplo)'],
  ['J', 'Estudantes e dependentes (perfil de exemplo)'],
  ['K', 'Baixa renda com consumo essencial (perfil de exemplo)'],
];

/** Five score bands over 0–1000; the web colours a score by its band text. */
export const SCORE_BANDS: readonly (readonly [upTo: number, faixa: string, descricao: string])[] = [
  [200, 'MUITO BAIXO', 'Probabilidade muito alta de inadimplência'],
  [400, 'BAIXO', 'Probabilidade alta de inadimplência'],
  [600, 'MÉDIO', 'Probabilidade moderada de inadimplência'],
  [800, 'BOM', 'Probabilidade baixa de inadimplência'],
  [1000, 'EXCELENTE', 'Probabilidade muito baixa de inadimplência'],
];

export const ANALYTICS_MODELS = ['Score de Crédito', 'Score de Pagamento', 'Propensão Digital'] as const;
export const CREDIT_MODELS = [
  'Score Positivo',
  'Capacidade de Pagamento',
  'Score de Renda',
  'Risco de Fraude',
] as const;

export interface VehicleModel {
  marca: string;
  modelo: string;
  tipo: 'AUTOMÓVEL' | 'MOTOCICLETA' | 'CAMINHONETE';
  /** World manufacturer identifier, the first three characters of the chassis. */
  wmi: string;
  cilindradas: number;
  potencia: number;
}

export const VEHICLE_MODELS: readonly VehicleModel[] = [
  { marca: 'VW', modelo: 'GOL 1.0', tipo: 'AUTOMÓVEL', wmi: '9BW', cilindradas: 999, potencia: 76 },
  { marca: 'VW', modelo: 'POLO TSI', tipo: 'AUTOMÓVEL', wmi: '9BW', cilindradas: 999, potencia: 116 },
  { marca: 'FIAT', modelo: 'UNO WAY 1.0', tipo: 'AUTOMÓVEL', wmi: '9BD', cilindradas: 999, potencia: 75 },
  {
    marca: 'FIAT',
    modelo: 'STRADA FREEDOM',
    tipo: 'CAMINHONETE',
    wmi: '9BD',
    cilindradas: 1332,
    potencia: 107,
  },
  { marca: 'CHEVROLET', modelo: 'ONIX 1.0', tipo: 'AUTOMÓVEL', wmi: '9BG', cilindradas: 999, potencia: 82 },
  { marca: 'FORD', modelo: 'KA SE 1.0', tipo: 'AUTOMÓVEL', wmi: '9BF', cilindradas: 999, potencia: 85 },
  { marca: 'HYUNDAI', modelo: 'HB20 1.0', tipo: 'AUTOMÓVEL', wmi: '9BH', cilindradas: 998, potencia: 80 },
  {
    marca: 'RENAULT',
    modelo: 'SANDERO 1.6',
    tipo: 'AUTOMÓVEL',
    wmi: '93Y',
    cilindradas: 1598,
    potencia: 118,
  },
  { marca: 'TOYOTA', modelo: 'COROLLA XEI', tipo: 'AUTOMÓVEL', wmi: '9BR', cilindradas: 1987, potencia: 177 },
  { marca: 'HONDA', modelo: 'CG 160 FAN', tipo: 'MOTOCICLETA', wmi: '9C2', cilindradas: 162, potencia: 15 },
  { marca: 'YAMAHA', modelo: 'FAZER 250', tipo: 'MOTOCICLETA', wmi: '9C6', cilindradas: 249, potencia: 21 },
  {
    marca: 'TOYOTA',
    modelo: 'HILUX CD SRV',
    tipo: 'CAMINHONETE',
    wmi: '8AJ',
    cilindradas: 2755,
    potencia: 204,
  },
];

export const VEHICLE_COLOURS = [
  'BRANCA',
  'PRETA',
  'PRATA',
  'CINZA',
  'VERMELHA',
  'AZUL',
  'VERDE',
  'BEGE',
] as const;
export const FUELS = ['ÁLCOOL/GASOLINA', 'GASOLINA', 'FLEX', 'DIESEL', 'ELÉTRICO/GASOLINA'] as const;
export const VEHICLE_RESTRICTIONS: readonly Coded[] = [
  ['ALIENAÇÃO FIDUCIÁRIA', 'Financiado por Banco Exemplo S.A.'],
  ['RESTRIÇÃO JUDICIAL RENAJUD', 'Processo fictício de demonstração'],
  ['RESTRIÇÃO ADMINISTRATIVA', 'Pendência administrativa de exemplo'],
  ['DÉBITO DE IPVA', 'IPVA em aberto (valor fictício)'],
  ['MULTA EM ABERTO', 'Infração de exemplo aguardando pagamento'],
];

export const CARRIERS = ['VIVO', 'CLARO', 'TIM', 'OI', 'ALGAR'] as const;
