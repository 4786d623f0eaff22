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
