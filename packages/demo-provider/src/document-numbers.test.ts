import {
  isValidCnpj,
  isValidCns,
  isValidCpf,
  isValidPis,
  isValidRenavam,
  isValidVoterTitle,
} from '@painel/shared/rules/documents';
import { describe, expect, it } from 'vitest';
import {
  generateChassis,
  generateCnpj,
  generateCns,
  generateCpf,
  generatePis,
  generatePlate,
  generateRenavam,
  generateRg,
  generateVoterTitle,
  maskedCpf,
  rgDigit,
} from './document-numbers.ts';
import { createRandom } from './random.ts';

const random = createRandom('document-numbers');
const many = <T>(make: () => T) => Array.from({ length: 500 }, make);

describe('generated document numbers', () => {
  it('CPFs validate and never start with 9 (reserved for big reports)', () => {
    for (const cpf of many(() => generateCpf(random))) {
      expect(isValidCpf(cpf), cpf).toBe(true);
      expect(cpf[0]).not.toBe('9');
    }
  });

  it('CNPJs, PIS and Renavam validate', () => {
    for (const cnpj of many(() => generateCnpj(random))) expect(isValidCnpj(cnpj), cnpj).toBe(true);
    for (const pis of many(() => generatePis(random))) expect(isValidPis(pis), pis).toBe(true);
    for (const renavam of many(() => generateRenavam(random))) {
      expect(renavam).toMatch(/^\d{11}$/);
      expect(isValidRenavam(renavam), renavam).toBe(true);
    }
  });

  it('branch CNPJs keep the root and take the order', () => {
    const branch = generateCnpj(random, '11222333', 2);
    expect(branch.slice(0, 12)).toBe('112223330002');
    expect(isValidCnpj(branch)).toBe(true);
  });

  it('CNS have a weighted sum divisible by 11', () => {
    for (const cns of many(() => generateCns(random))) {
      expect(cns).toMatch(/^7\d{14}$/);
      const sum = [...cns].reduce((total, digit, index) => total + Number(digit) * (15 - index), 0);
      expect(sum % 11).toBe(0);
    }
  });

  it('voter titles carry the state code and validate, as CNS do', () => {
    expect(generateVoterTitle(random, 'SP')).toMatch(/^\d{8}01\d{2}$/);
    expect(generateVoterTitle(random, 'DF')).toMatch(/^\d{8}20\d{2}$/);
    for (const uf of ['SP', 'MG', 'BA', 'XX']) {
      for (const title of many(() => generateVoterTitle(random, uf)))
        expect(isValidVoterTitle(title), title).toBe(true);
    }
    for (const cns of many(() => generateCns(random))) expect(isValidCns(cns), cns).toBe(true);
  });

  it('RG, plates, chassis and masked CPFs have their shapes', () => {
    const rg = generateRg(random);
    expect(rg.numero).toMatch(/^\d{8}$/);
    expect(rg.digito).toBe(rgDigit(rg.numero));
    expect(rgDigit('00000000')).toBe('0');
    for (const plate of many(() => generatePlate(random))) expect(plate).toMatch(/^[A-Z]{3}\d[A-Z]\d{2}$/);
    for (const chassis of many(() => generateChassis(random, '9BW', 2020))) {
      expect(chassis).toMatch(/^9BW[A-HJ-NPR-Z\d]{14}$/);
      expect(chassis[9]).toBe('L');
    }
    expect(maskedCpf('12345678909')).toBe('***.456.789-**');
  });
});
