import { describe, expect, it } from 'vitest';
import {
  type BadgeModule,
  type BadgeViewer,
  moduleCardState,
  usageFraction,
  usageLevel,
} from './module-badge.ts';

const quantity: BadgeModule = {
  ativo: true,
  manutencao: false,
  tipo_limite: 'quantidade',
  preco_por_consulta: 0,
  usado: 3,
  limite: 100,
};
const credit: BadgeModule = {
  ativo: true,
  manutencao: false,
  tipo_limite: 'creditos',
  preco_por_consulta: 2.5,
};
const subscriber: BadgeViewer = { inTrial: false, trialRemaining: 0, creditos: 10 };
const trial: BadgeViewer = { inTrial: true, trialRemaining: 4, creditos: 0 };

describe('moduleCardState: the badge priority of docs/product/lookups.md#card-badges', () => {
  it.each([
    [
      'maintenance beats everything',
      { ...quantity, manutencao: true, limite: 0 },
      { ...trial, trialRemaining: 0 },
      'MANUTENÇÃO',
      false,
    ],
    ['trial with tests left', quantity, trial, 'TESTE', true],
    ['trial beats no quota', { ...quantity, limite: 0 }, trial, 'TESTE', true],
    ['trial used up', quantity, { ...trial, trialRemaining: 0 }, 'LIMITE TRIAL EXCEDIDO', false],
    ['trial below zero', quantity, { ...trial, trialRemaining: -1 }, 'LIMITE TRIAL EXCEDIDO', false],
    ['trial count not loaded yet', quantity, { ...trial, trialRemaining: null }, 'TESTE', true],
    ['credit module in trial never opens', credit, trial, 'TESTE', false],
    ['quantity module with a zero limit', { ...quantity, limite: 0 }, subscriber, 'SEM ACESSO', false],
    ['no quota beats exceeded', { ...quantity, limite: 0, usado: 5 }, subscriber, 'SEM ACESSO', false],
    ['used at the limit', { ...quantity, usado: 100 }, subscriber, 'LIMITE EXCEDIDO', false],
    ['used above the limit', { ...quantity, usado: 101 }, subscriber, 'LIMITE EXCEDIDO', false],
    ['one below the limit', { ...quantity, usado: 99 }, subscriber, 'ONLINE', true],
    ['unlimited (null)', { ...quantity, usado: 10_000, limite: null }, subscriber, 'ONLINE', true],
    ['credits below the price', credit, { ...subscriber, creditos: 2.49 }, 'CRÉDITOS INSUFICIENTES', false],
    ['credits equal to the price', credit, { ...subscriber, creditos: 2.5 }, 'ONLINE', true],
    ['credits not loaded', credit, { ...subscriber, creditos: null }, 'ONLINE', true],
    ['inactive module', { ...credit, ativo: false }, subscriber, 'OFFLINE', false],
    [
      'maintenance beats credits',
      { ...credit, manutencao: true },
      { ...subscriber, creditos: 0 },
      'MANUTENÇÃO',
      false,
    ],
    [
      'exceeded beats offline',
      { ...quantity, ativo: false, usado: 100 },
      subscriber,
      'LIMITE EXCEDIDO',
      false,
    ],
  ] as const)('%s', (_case, module, viewer, badge, clickable) => {
    expect(moduleCardState(module, viewer)).toEqual({ badge, clickable });
  });
});

describe('usageLevel: red at 90 % or more, yellow at 70 % or more, green below', () => {
  it.each([
    [0, 100, 'green'],
    [69, 100, 'green'],
    [70, 100, 'yellow'],
    [89, 100, 'yellow'],
    [90, 100, 'red'],
    [100, 100, 'red'],
    [7, 10, 'yellow'],
    [9, 10, 'red'],
    [5, 0, 'red'],
    [500, null, 'green'],
  ] as const)('%i of %s is %s', (used, limit, level) => {
    expect(usageLevel(used, limit)).toBe(level);
  });

  it('gives the bar width, capped at full', () => {
    expect(usageFraction(25, 100)).toBe(0.25);
    expect(usageFraction(150, 100)).toBe(1);
    expect(usageFraction(3, null)).toBe(0);
    expect(usageFraction(0, 0)).toBe(1);
  });
});
