import { lookupCep, lookupCpf, lookupPhone } from '@painel/demo-provider/demo-lookups';
import { cpfCheckDigits } from '@painel/shared/rules/documents';
import { describe, expect, it } from 'vitest';
import { findIdentifiers, IDENTIFIER_KINDS, type IdentifierKind, kindsIn } from './trial-leak-scanner.ts';

/** The kinds found in one value, each once. */
const kinds = (value: unknown) => [...kindsIn(value)].sort();

describe('the leak scanner finds every kind of identifier in clear', () => {
  const samples: Record<IdentifierKind, unknown[]> = {
    cpf: [{ x: '529.982.247-25' }, { x: 52998224725 }, 'CPF 52998224725 no texto'],
    pis: [
      { x: '170.33259.50-4' },
      { pis: [{ numero: '12345678901' }] },
      { DOCUMENTOS: { NIS: '12345678901' } },
    ],
    cns: [{ x: '759 4827 7926 2487' }, { cns: '898001122334455' }],
    titulo: [{ x: '6525 1084 0116' }, { tituloEleitor: '123456789012' }],
    certidao: [
      { x: '245815 01 55 2011 1 21241 007 2605218 13' },
      { certidoes: [{ tipo: 'CASAMENTO', termo: '5678' }] },
      { y: { cartorio: 'Cartório', folha: '12' } },
    ],
    email: [{ x: 'contato maria.silva@example.com' }],
    telefone: [
      { x: '(11) 91234-5678' },
      { x: '11912345678' },
      { x: '+55 11 3123-4567' },
      { telefones: [{ ddd: '11', numero: '912345678' }] },
      { celular: '912345678' },
    ],
    nascimento: [
      { nasc: '1974-08-01' },
      { DT_NASCIMENTO: '01/08/1974' },
      { x: 'nascido em 01/08/1974' },
      { certidoes: [{ tipo: 'NASCIMENTO', data: '1974-09-01', livro: '**' }] },
    ],
    numeroCasa: [
      { enderecos: [{ logradouro: 'Rua X', numero: '12' }] },
      { moradores: [{ numero: '7' }] },
      { x: 'Rua das Flores, 123 - Centro' },
    ],
    rg: [{ x: '12.345.678-X' }, { registroGeral: { numero: '12345678', digito: '9' } }, { rg: '123456789' }],
    ctps: [{ empregos: [{ ctps: { numero: '1234567', serie: '0012-SP' } }] }, { x: 'CTPS 1234567' }],
    digitos: [
      { x: '1234567' },
      { x: 12345678 },
      { x: '1234 5678 9012' },
      { x: '11.222.333/0001-82' },
      { x: 'protocolo 123.456-7 aberto' },
    ],
    data: [{ x: '2024-05-06T10:00:00.000Z' }, { x: 'visto em 02-03-1974' }, { dataEmissao: '19740302' }],
  };

  for (const kind of IDENTIFIER_KINDS) {
    it(kind, () => {
      for (const sample of samples[kind]) expect(kinds(sample), JSON.stringify(sample)).toContain(kind);
    });
  }

  it('in what an outside tester found in clear in a trial answer', () => {
    const samples: [unknown, IdentifierKind][] = [
      [{ docs: [{ tipo: 'PIS', numero: '12345678901' }] }, 'digitos'],
      [{ docs: [{ tipo: 'CNS', numero: '898001160660006' }] }, 'digitos'],
      [{ docs: [{ tipo: 'TITULO', numero: '123456789012' }] }, 'digitos'],
      [{ documentos: { cns: { numero: '898001160660006' } } }, 'digitos'],
      [{ documentos: { titulo: { numero: '123456789012' } } }, 'digitos'],
      [{ matriculaCertidao: '123456 01 55 2010 1 00012 123 0001234 12' }, 'digitos'],
      // What the masker once made of that certificate number: most of it still shows.
      [{ matriculaCertidao: '12**** ** 55 2010 1 00012 12* *****34 12' }, 'digitos'],
      [{ pisNum: 12345678901 }, 'digitos'],
      [{ tituloEleitoral: '1234 5678 9012' }, 'digitos'],
      [{ aniversario: '1974-03-02' }, 'data'],
      [{ data_aniversario: '02/03/1974' }, 'data'],
      [{ dob: '1974-03-02T00:00:00Z' }, 'data'],
      [{ born: '02-03-1974' }, 'data'],
      [{ endereco: { n: '12' } }, 'numeroCasa'],
      [{ endereco: { casa: 34 } }, 'numeroCasa'],
      [{ endereco: { num_residencia: '56A' } }, 'numeroCasa'],
      [{ local: { street: 'Rua X', lote: '7' } }, 'numeroCasa'],
      [{ local: { complemento: 'Bloco B Apto 14' } }, 'numeroCasa'],
    ];
    for (const key of ['nisPis', 'nis_pis', 'nr_nis', 'NIS_PIS', 'numeroNis', 'nisNumero']) {
      samples.push([{ [key]: '12345678901' }, 'pis'], [{ [key]: '123456' }, 'pis']);
    }
    for (const key of ['cartaoNacionalSaude', 'susCartao', 'cartao_nacional_saude']) {
      samples.push([{ [key]: '898001160660006' }, 'cns'], [{ [key]: '898001' }, 'cns']);
    }
    for (const key of ['inscricaoEleitoral', 'tituloEleitoral', 'titulo_de_eleitor']) {
      samples.push([{ [key]: '123456789012' }, 'titulo'], [{ [key]: '123456' }, 'titulo']);
    }
    for (const [sample, kind] of samples) expect(kinds(sample), JSON.stringify(sample)).toContain(kind);
  });

  it('in an identifier used as a key', () => {
    expect(findIdentifiers({ '52998224725': {} })).toContainEqual({
      kind: 'cpf',
      path: '$.52998224725',
      text: '52998224725',
    });
  });

  it("and every kind in the demo provider's clear answers", () => {
    const found = new Set<IdentifierKind>();
    for (let index = 0; index < 20; index += 1) {
      const cpf = String(10_000_000 + index * 4_321_987).padStart(9, '0');
      const person = lookupCpf(`${cpf}${cpfCheckDigits(cpf)}`);
      for (const kind of kindsIn(person)) found.add(kind);
    }
    expect([...found].sort()).toEqual([...IDENTIFIER_KINDS].sort());
    expect(kinds(lookupPhone('11912345678'))).toEqual(
      expect.arrayContaining(['cpf', 'nascimento', 'telefone']),
    );
    expect(kinds(lookupCep('01310-100'))).toEqual(expect.arrayContaining(['cpf', 'numeroCasa']));
  });
});

describe('the leak scanner does not flag what is masked or not personal', () => {
  it('masked values', () => {
    const masked = {
      cpf: '123.***.***-09',
      nis: '*********01',
      cns: '*** **** **** **87',
      email: 'ma*********@example.com',
      telefones: [{ ddd: '11', numero: '91*****78' }],
      texto: 'ligar (11) 91***-**78',
      nasc: '**/**/1974',
      enderecos: [{ logradouro: 'Rua X', numero: '***' }, { numero: 'S/N' }],
      registroGeral: { numero: '********', digito: '*', data: '**/**/2001' },
      atualizado: '**/**/2024',
      matricula: '****** ** ** **** * ***** *** ******* 12',
      local: { n: '***', cep: '01310-100', uf: 'SP', ddd: '11', ibge: '3550308', latitude: -23.5 },
      ctps: { numero: '*******', serie: '****-SP' },
      certidoes: [{ tipo: 'NASCIMENTO', termo: '****', data: '**/**/1974' }],
      endereco: 'Rua das Flores, *** - Centro',
    };
    expect(findIdentifiers(masked)).toEqual([]);
  });

  it('companies, places, codes and amounts', () => {
    const clear = {
      cnpj: '11.222.333/0001-81',
      raw: '11222333000181',
      local: { cep: '01310-100' },
      ibge: '3550308',
      cnae: '4711-3/02',
      capitalSocial: 4_500_000,
      texto: 'capital de R$ 4.500.000,00, CEP 01310-100, empresa 11222333000181',
      ano: '2024',
      rendaAtual: 3456.78,
      chassi: '9BWZZZ377VT004251',
    };
    expect(findIdentifiers(clear)).toEqual([]);
  });
});
