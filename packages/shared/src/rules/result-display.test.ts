import { describe, expect, it } from 'vitest';
import {
  ageFromBirthDate,
  capChips,
  fieldLabel,
  formatBirthDate,
  formatFieldValue,
  formatIsoDate,
  genderLabel,
  groupInterests,
  humanizeKey,
  isIsoDate,
  isStatusKey,
  itemCountLabel,
  parseBirthDate,
  statusTone,
} from './result-display.ts';

describe('statusTone', () => {
  it.each([
    ['ATIVO', 'green'],
    ['ativa', 'green'],
    ['REGULAR', 'green'],
    ['sucesso', 'green'],
    ['success', 'green'],
    ['EM CIRCULAÇÃO', 'green'],
    ['INATIVO', 'red'],
    ['IRREGULAR', 'red'],
    ['erro', 'red'],
    ['CANCELADA', 'red'],
    ['SUSPENSA', 'red'],
    ['BAIXADA', 'red'],
    ['TITULAR FALECIDO', 'red'],
    ['COM RESTRIÇÃO', 'red'],
    ['PENDENTE DE REGULARIZAÇÃO', 'yellow'],
    ['pending', 'yellow'],
    ['Processando', 'yellow'],
    ['MATRIZ', 'grey'],
    ['', 'grey'],
  ] as const)('%s is %s', (value, tone) => {
    expect(statusTone(value)).toBe(tone);
  });

  it('colours booleans and leaves other values grey', () => {
    expect(statusTone(true)).toBe('green');
    expect(statusTone(false)).toBe('red');
    expect(statusTone(3)).toBe('grey');
  });

  it('knows the status keys', () => {
    expect(
      ['status', 'situacao', 'SITUACAO', 'situacaoCadastral', 'SITUACAO_CADASTRAL'].every(isStatusKey),
    ).toBe(true);
    expect(isStatusKey('nome')).toBe(false);
  });
});

describe('dates in pt-BR', () => {
  it('formats plain dates without a time zone shift', () => {
    expect(formatIsoDate('2024-05-06')).toBe('06/05/2024');
    expect(formatIsoDate('2000-01-01')).toBe('01/01/2000');
  });

  it('formats timestamps in Brasília time', () => {
    expect(formatIsoDate('2025-03-31T18:08:53.000Z')).toBe('31/03/2025, 15:08');
  });

  it('leaves other text alone', () => {
    expect(formatIsoDate('01/08/1974')).toBe('01/08/1974');
    expect(formatIsoDate('2024')).toBe('2024');
    expect(isIsoDate('2024-05-06')).toBe(true);
    expect(isIsoDate('2024-05-06T10:00:00Z')).toBe(true);
    expect(isIsoDate('06/05/2024')).toBe(false);
    expect(isIsoDate(20240506)).toBe(false);
  });
});

describe('age from birth date', () => {
  const now = new Date(2025, 5, 30);
  it('reads both spellings and counts the birthday on its day', () => {
    expect(ageFromBirthDate('01/08/1974', now)).toBe(50);
    expect(ageFromBirthDate('1974-06-30', now)).toBe(51);
    expect(ageFromBirthDate('1974-07-01', now)).toBe(50);
    expect(ageFromBirthDate('2003-01-16T00:00:00Z', now)).toBe(22);
  });

  it('gives null for unreadable or future dates', () => {
    expect(ageFromBirthDate('ontem', now)).toBeNull();
    expect(ageFromBirthDate('2030-01-01', now)).toBeNull();
    expect(ageFromBirthDate('31/13/2000', now)).toBeNull();
  });

  it('formats a birth date in pt-BR', () => {
    expect(formatBirthDate('1974-08-01')).toBe('01/08/1974');
    expect(formatBirthDate('01/08/1974')).toBe('01/08/1974');
  });
});

describe('gender labels', () => {
  it.each([
    ['M', 'Masculino'],
    ['F', 'Feminino'],
    ['I', 'Indefinido'],
    ['O', 'Outro'],
    ['f', 'Feminino'],
    ['X', 'X'],
  ])('%s is %s', (code, label) => {
    expect(genderLabel(code)).toBe(label);
  });
});

describe('chips capped at 50', () => {
  it('shows 50 and a +n for the rest', () => {
    const items = Array.from({ length: 73 }, (_, index) => index);
    expect(capChips(items)).toMatchObject({ hidden: 23, overflowLabel: '+23' });
    expect(capChips(items).shown).toHaveLength(50);
    expect(capChips(items.slice(0, 50))).toMatchObject({ hidden: 0, overflowLabel: null });
  });
});

describe('interests grouped, 60 per group', () => {
  it('groups by type in order of appearance and counts what is hidden', () => {
    const interests = [
      ...Array.from({ length: 75 }, (_, index) => ({ tipo: 'VEÍCULOS', descricao: `v${index}` })),
      { tipo: 'IMÓVEIS', descricao: 'Casa' },
      { descricao: 'sem tipo' },
      'x',
    ];
    const groups = groupInterests(interests);
    expect(groups.map((group) => [group.tipo, group.items.length, group.total, group.hidden])).toEqual([
      ['VEÍCULOS', 60, 75, 15],
      ['IMÓVEIS', 1, 1, 0],
      ['OUTROS', 1, 1, 0],
    ]);
  });
});

describe('labels', () => {
  it('counts items and humanises keys', () => {
    expect(itemCountLabel(1)).toBe('1 item(s)');
    expect(itemCountLabel(2000)).toBe('2.000 item(s)');
    expect(humanizeKey('dataSituacao')).toBe('Data Situacao');
    expect(humanizeKey('NOME_MAE')).toBe('Nome Mae');
    expect(humanizeKey('_aviso')).toBe('Aviso');
  });
});

describe('formatFieldValue', () => {
  it('formats documents, money, dates and flags by key', () => {
    expect(formatFieldValue('CPF', '12345678909')).toBe('123.456.789-09');
    expect(formatFieldValue('cpf', '123.***.***-09')).toBe('123.***.***-09');
    expect(formatFieldValue('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatFieldValue('CEP', '01310100')).toBe('01310-100');
    expect(formatFieldValue('NIS', '12061559835')).toBe('120.61559.83-5');
    expect(formatFieldValue('telefone', '11912345678')).toBe('(11) 91234-5678');
    expect(formatFieldValue('rendaAtual', 5171.59)).toBe('R$\u00a05.171,59');
    expect(formatFieldValue('anoModelo', 2004)).toBe('2004');
    expect(formatFieldValue('cilindradas', 1332)).toBe('1332');
    expect(formatFieldValue('score', 1234)).toBe('1.234');
    expect(formatFieldValue('abertura', '2013-10-08')).toBe('08/10/2013');
    expect(formatFieldValue('dataNascimento', '2003-01-16')).toBe('16/01/2003');
    expect(formatFieldValue('portado', false)).toBe('Não');
    expect(formatFieldValue('complemento', null)).toBe('-');
    expect(formatFieldValue('nome', 'Ana')).toBe('Ana');
  });
});

describe('fieldLabel', () => {
  it('labels every spelling of a known field in Portuguese', () => {
    expect(fieldLabel('racaCor')).toBe('Raça/cor');
    expect(fieldLabel('RACA_COR')).toBe('Raça/cor');
    expect(fieldLabel('corRaca')).toBe('Raça/cor');
    expect(fieldLabel('DT_NASCIMENTO')).toBe('Nascimento');
    expect(fieldLabel('nomeEmpresarial')).toBe('Razão social');
    expect(fieldLabel('credito')).toBe('Credito');
    expect(fieldLabel('algumCampo')).toBe('Algum Campo');
  });
});

describe('the labels a result view shows', () => {
  it.each([
    ['resultados', 'Resultados'],
    ['dadosBasicos', 'Dados Básicos'],
    ['nome', 'Nome'],
    ['nomeSocial', 'Nome social'],
    ['cpf', 'CPF'],
    ['sexo', 'Sexo'],
    ['racaCor', 'Raça/cor'],
    ['signo', 'Signo'],
    ['rendaAtual', 'Renda'],
    ['nasc', 'Nascimento'],
    ['filiacao', 'Filiação'],
    ['nomeMae', 'Mãe'],
    ['nomePai', 'Pai'],
    ['scoreSpc', 'Score SPC'],
    ['scoreFaixa', 'Faixa do score'],
    ['situacao', 'Situação'],
    ['vipSus', 'VIP SUS'],
    ['empresario', 'Empresário'],
    ['aposentado', 'Aposentado'],
    ['servidorPubl', 'Servidor público'],
    ['registroGeral', 'RG'],
    ['orgao', 'Órgão emissor'],
    ['documentos', 'Documentos'],
    ['cns', 'CNS'],
    ['tituloEleitor', 'Título de eleitor'],
    ['nis', 'NIS'],
    ['certidoes', 'Certidões'],
    ['pis', 'PIS/NIT'],
    ['interesses', 'Interesses'],
    ['enderecos', 'Endereços'],
    ['telefones', 'Telefones'],
    ['emails', 'Emails'],
    ['parentes', 'Parentes'],
    ['vizinhos', 'Vizinhos'],
    ['empregos', 'Empregos'],
    ['logradouro', 'Logradouro'],
    ['cidade', 'Cidade'],
    ['uf', 'UF'],
    ['cep', 'CEP'],
    ['atualizado', 'Atualizado'],
    ['email', 'Email'],
    ['parentesco', 'Parentesco'],
    ['cnpj', 'CNPJ'],
    ['razaoSocial', 'Razão social'],
    ['nomeFantasia', 'Nome fantasia'],
    ['situacaoCadastral', 'Situação cadastral'],
    ['abertura', 'Abertura'],
    ['cnaePrincipal', 'CNAE principal'],
    ['cnaesSecundarios', 'CNAEs secundários'],
    ['endereco', 'Endereço'],
    ['qsa', 'Quadro societário'],
    ['filiais', 'Filiais'],
    ['placa', 'Placa'],
    ['chassi', 'Chassi'],
    ['renavam', 'Renavam'],
    ['numeroMotor', 'Número do motor'],
    ['anoFabricacao', 'Ano de fabricação'],
    ['anoModelo', 'Ano do modelo'],
    ['restricoes', 'Restrições'],
    ['proprietario', 'Proprietário'],
    ['titulares', 'Titulares'],
    ['moradores', 'Moradores'],
    ['dataSituacao', 'Data da situação'],
    ['matrizFilial', 'Matriz/filial'],
    ['naturezaJuridica', 'Natureza jurídica'],
    ['capitalSocial', 'Capital social'],
    ['opcaoSimples', 'Optante do Simples'],
    ['opcaoMei', 'Optante do MEI'],
    ['placaMercosul', 'Placa Mercosul'],
    ['marcaModelo', 'Marca/modelo'],
    ['combustivel', 'Combustível'],
    ['especie', 'Espécie'],
    ['cilindradas', 'Cilindradas'],
    ['potencia', 'Potência'],
    ['procedencia', 'Procedência'],
    ['municipio', 'Município'],
    ['ultimoLicenciamento', 'Último licenciamento'],
    ['tipoLinha', 'Tipo de linha'],
    ['emailConsultado', 'Email consultado'],
    ['ibge', 'Código IBGE'],
    ['ddd', 'DDD'],
    ['descricao', 'Descrição'],
    ['codigo', 'Código'],
    ['numero', 'Número'],
    ['complemento', 'Complemento'],
    ['qualificacao', 'Qualificação'],
    ['documento', 'Documento'],
    ['tipoDocumento', 'Tipo de documento'],
    ['telefone', 'Telefone'],
    ['operadora', 'Operadora'],
    ['portado', 'Portado'],
    ['desde', 'Desde'],
    ['total', 'Total'],
  ])('%s reads %s', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });
});

describe('what counts as an ISO date', () => {
  it.each([
    '2024-05-06',
    '2025-03-31T18:08',
    '2025-03-31T18:08:53',
    '2025-03-31T18:08:53Z',
    '2025-03-31T18:08:53.123Z',
    '2025-03-31T18:08:53-03:00',
    '2025-03-31T18:08:53+0300',
  ])('%s is a date', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  it.each([
    'x2024-05-06',
    '2024-05-06x',
    '2-05-06',
    '2024-5-06',
    '2024-05-6',
    'x2025-03-31T18:08',
    '2025-03-31T18:08x',
    '2025-03-31T1:08',
    '2025-03-31T18:8',
    '2025-03-31T18:08:5',
    '2025-03-31T18:08:53.',
    '2025-03-31T18:08:53-3:00',
    '2025-03-31T18:08:53-03:0',
    '2025-03-31T18:08:53 03:00',
    '2-03-31T18:08',
    '2025-3-31T18:08',
    '2025-03-3T18:08',
  ])('%s is not', (value) => {
    expect(isIsoDate(value)).toBe(false);
    expect(formatIsoDate(value)).toBe(value);
  });

  it('leaves a timestamp that names no real moment as it is', () => {
    expect(formatIsoDate('2025-13-45T99:99')).toBe('2025-13-45T99:99');
  });
});

describe('birth dates at their limits', () => {
  const now = new Date(2025, 5, 30);
  it('reads days 1 to 31 and months 1 to 12, around spaces', () => {
    expect(parseBirthDate(' 31/12/1990 ')).toEqual({ year: 1990, month: 12, day: 31 });
    expect(parseBirthDate('01/01/1990')).toEqual({ year: 1990, month: 1, day: 1 });
    expect(parseBirthDate(' 1990-01-31')).toEqual({ year: 1990, month: 1, day: 31 });
    expect(formatBirthDate(' 1990-12-01 ')).toBe('01/12/1990');
  });

  it.each([
    '00/05/1990',
    '32/05/1990',
    '10/00/1990',
    '10/13/1990',
    '1990-00-10',
    '1990-05-32',
    '10/05/1990x',
    'x10/05/1990',
    'em 1990-05-10',
  ])('%s is unreadable', (value) => {
    expect(parseBirthDate(value)).toBeNull();
    expect(formatBirthDate(value)).toBe(value);
  });

  it('turns a year older on the birthday, not the day before; 0 to 149 years only', () => {
    expect(ageFromBirthDate('30/06/2000', now)).toBe(25);
    expect(ageFromBirthDate('01/07/2000', now)).toBe(24);
    expect(ageFromBirthDate('29/06/2000', now)).toBe(25);
    expect(ageFromBirthDate('30/05/2000', now)).toBe(25);
    expect(ageFromBirthDate('30/06/2025', now)).toBe(0);
    expect(ageFromBirthDate('01/07/2024', now)).toBe(0);
    expect(ageFromBirthDate('01/07/2025', now)).toBeNull();
    expect(ageFromBirthDate('30/06/1876', now)).toBe(149);
    expect(ageFromBirthDate('30/06/1875', now)).toBeNull();
  });
});

describe('formatFieldValue by the kind of key', () => {
  it.each([
    ['ativo', true, 'Sim'],
    ['renda', 10, 'R$\u00a010,00'],
    ['RENDA_ATUAL', 99.9, 'R$\u00a099,90'],
    ['valor', 1234.5, 'R$\u00a01.234,50'],
    ['capitalSocial', 1000000, 'R$\u00a01.000.000,00'],
    ['salario', 1500, 'R$\u00a01.500,00'],
    ['ano', 2004, '2004'],
    ['anoFabricacao', 2003, '2003'],
    ['ultimoLicenciamento', 2023, '2023'],
    ['ddd', 1234, '1234'],
    ['numero', 1500, '1500'],
    ['codigo', 3550308, '3550308'],
    ['ibge', 3550308, '3550308'],
    ['cep', 1310100, '1310100'],
    ['numeroCasa', 1500, '1.500'],
    ['totalAno', 2004, '2.004'],
    ['valorMedio', 0.125, '0,13'],
    ['pis', '12061559835', '120.61559.83-5'],
    ['PIS_NIT', '12061559835', '120.61559.83-5'],
    ['celular', '11912345678', '(11) 91234-5678'],
    ['documento', '12345678909', '123.456.789-09'],
    ['nasc', '1990-05-06 00:00', '06/05/1990'],
    ['dataNascimento', '1990-05-06 00:00', '06/05/1990'],
    ['DT_NASCIMENTO', '1990-05-06 00:00', '06/05/1990'],
    ['observacao', '', '-'],
    ['observacao', undefined, '-'],
    ['observacao', '1990-05-06 00:00', '1990-05-06 00:00'],
  ] as const)('%s: %s shows as %s', (key, value, shown) => {
    expect(formatFieldValue(key, value)).toBe(shown);
  });
});

describe('status badges', () => {
  it('knows a status key only as a whole word, whatever its punctuation', () => {
    expect(isStatusKey('estado')).toBe(true);
    expect(isStatusKey('situacao-cadastral')).toBe(true);
    expect(isStatusKey('statusPagamento')).toBe(false);
    expect(isStatusKey('ultimoStatus')).toBe(false);
  });
});
