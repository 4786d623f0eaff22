import { cnpjCheckDigits, cpfCheckDigits, renavamCheckDigit } from '@painel/shared/rules/documents';
import { describe, expect, it } from 'vitest';
import { maskTrialResult } from './trial-mask.ts';

const mask = (value: Record<string, unknown>) => maskTrialResult(value) as Record<string, unknown>;

/** Synthetic numbers with valid check digits. */
const CPF = `123456789${cpfCheckDigits('123456789')}`;
const CPF_WRITTEN = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
/** A Renavam passes the PIS check: its digits cannot tell it from a PIS. */
const RENAVAM = `0123456789${renavamCheckDigit('0123456789')}`;
/** A CNPJ starting with 0, which a JSON number drops. */
const CNPJ_LEADING_ZERO = `012345678000${cnpjCheckDigits('012345678000')}`;

describe('numbers are found by their check digits, under any key and inside text', () => {
  it('CPF', () => {
    expect(mask({ x: '52998224725', texto: 'CPF do titular: 529.982.247-25.', n: 52998224725 })).toEqual({
      x: '529.***.***-25',
      texto: 'CPF do titular: 529.***.***-25.',
      n: '529.***.***-25',
    });
    // A CPF held as a number loses its leading zero.
    const cpf = `010045678${cpfCheckDigits('010045678')}`;
    expect(mask({ n: Number(cpf) })).toEqual({ n: `010.***.***-${cpf.slice(9)}` });
  });

  it('PIS, NIS and NIT', () => {
    expect(mask({ x: '17033259504', texto: 'inscrição 170.33259.50-4 ativa' })).toEqual({
      x: '*********04',
      texto: 'inscrição ***.*****.*0-4 ativa',
    });
  });

  it('título de eleitor', () => {
    expect(mask({ x: '652510840116', texto: 'inscrição eleitoral 6525 1084 0116 zona 1' })).toEqual({
      x: '**********16',
      texto: 'inscrição eleitoral **** **** **16 zona 1',
    });
  });

  it('CNS', () => {
    expect(mask({ x: '759482779262487', texto: 'cartão 759 4827 7926 2487 do SUS' })).toEqual({
      x: '*************87',
      texto: 'cartão *** **** **** **87 do SUS',
    });
  });

  it('certificate numbers (matrícula of 32 digits)', () => {
    expect(
      mask({
        x: '24581501552011121241007260521813',
        texto: 'ver 245815 01 55 2011 1 21241 007 2605218 13',
      }),
    ).toEqual({
      x: '******************************13',
      texto: 'ver ****** ** ** **** * ***** *** ******* 13',
    });
  });

  it('phones keep the DDD and the last two digits, bare or in text', () => {
    expect(
      mask({
        x: '11912345678',
        texto: 'ligar (11) 91234-5678 ou 11 3123-4567',
        internacional: '+55 11 91234-5678',
      }),
    ).toEqual({
      x: '11*******78',
      texto: 'ligar (11) 91***-**78 ou 11 ****-**67',
      internacional: '+55 11 *****-**78',
    });
  });

  it('a lone run of 7 to 10 digits that is nothing known is hidden as an identifier', () => {
    expect(mask({ x: '12345678', texto: 'protocolo 7654321 aberto' })).toEqual({
      x: '******78',
      texto: 'protocolo ******* aberto',
    });
  });

  it('leaves company, place, vehicle and amount values in clear', () => {
    const clear = {
      cnpj: '11.222.333/0001-81',
      texto: 'empresa 11222333000181, CEP 01310-100, capital de R$ 4.500.000,00',
      empresa: 11222333000181,
      local: { cep: '01310100' },
      ibge: '3550308',
      cnae: '4711-3/02',
      placa: 'ABC1D23',
      chassi: '9BWZZZ377VT004251',
      uf: 'SP',
      score: 870,
      rendaAtual: 3456.78,
      capitalSocial: 4_500_000,
      // A fraction is an amount, a rate or a coordinate, never a document.
      indice: 1234567.25,
    };
    expect(mask(clear)).toEqual(clear);
  });
});

describe('text detectors', () => {
  it('e-mails keep the first letter or two and the domain', () => {
    expect(mask({ x: 'contato: maria.silva@example.com', y: 'jo@x.com.br' })).toEqual({
      x: 'contato: ma*********@example.com',
      y: 'j***@x.com.br',
    });
  });

  it('RG numbers by their punctuation, check digit included', () => {
    expect(mask({ x: '12.345.678-X', texto: 'doc 1.234.567-8 SSP/MG' })).toEqual({
      x: '**.***.***-*',
      texto: 'doc *.***.***-* SSP/MG',
    });
  });

  it('numbers right after the name of a document', () => {
    expect(
      mask({
        x: 'livro A-123 folha 45 termo 6789',
        y: 'CTPS 12345 série 0012-SP',
        z: 'RG: 4567',
      }),
    ).toEqual({
      x: 'livro A-*** folha ** termo ****',
      y: 'CTPS ***** série ****-SP',
      z: 'RG: ****',
    });
  });

  it('the house number of a one-line address', () => {
    expect(
      mask({
        x: 'Rua das Flores, 123 - Centro, São Paulo - SP, 01310-100',
        y: 'Av. Brasil nº 1500 apto 12',
        z: 'Rua 7 de Setembro 80',
      }),
    ).toEqual({
      x: 'Rua das Flores, *** - Centro, São Paulo - SP, 01310-100',
      y: 'Av. Brasil nº *** apto 12',
      z: 'Rua 7 de Setembro ***',
    });
  });

  it('every date shows its year alone, whatever the words around it', () => {
    expect(
      mask({
        x: 'nascido em 01/08/1974',
        y: 'Data de nascimento: 1974-08-01',
        z: 'visto em 02-03-1974, atualizado 2024-05-06T10:00:00.000Z.',
      }),
    ).toEqual({
      x: 'nascido em **/**/1974',
      y: 'Data de nascimento: **/**/1974',
      z: 'visto em **/**/1974, atualizado **/**/2024.',
    });
  });
});

describe('keys tell what a value alone cannot', () => {
  it('names keep half of each word; company names stay', () => {
    expect(
      mask({
        nome: 'Fulano de Tal Exemplo',
        NOME_MAE: 'MARIA SILVA',
        pais: { mae: 'Ana', pai: 'José' },
        razaoSocial: 'Comércio Exemplo Ltda',
        nomeFantasia: 'Comércio Exemplo',
      }),
    ).toEqual({
      nome: 'Ful*** d* Ta* Exem***',
      NOME_MAE: 'MAR** SIL**',
      pais: { mae: 'An*', pai: 'Jo**' },
      razaoSocial: 'Comércio Exemplo Ltda',
      nomeFantasia: 'Comércio Exemplo',
    });
  });

  it('birth dates show the year only, whatever their key or format', () => {
    expect(
      mask({
        nasc: '1974-08-01',
        DT_NASCIMENTO: '01/08/1974',
        dataNascimento: '1974-08-01T00:00:00.000Z',
        birthDate: 19740801,
        dob: '1 de agosto de 1974',
        aniversario: '01/08',
        localNascimento: 'São Paulo',
      }),
    ).toEqual({
      nasc: '**/**/1974',
      DT_NASCIMENTO: '**/**/1974',
      dataNascimento: '**/**/1974',
      birthDate: '**/**/1974',
      dob: '**/**/1974',
      aniversario: '**/**',
      localNascimento: 'São Paulo',
    });
  });

  it('any date under any key shows its year, compact ones under a key that says date', () => {
    expect(
      mask({
        aniversario: '1974-03-02',
        data_aniversario: '02/03/1974',
        dob: '1974-03-02T00:00:00Z',
        born: '02-03-1974',
        atualizado: '2024-05-06',
        dataEmissao: '19740302',
        dt: 19740302,
      }),
    ).toEqual({
      aniversario: '**/**/1974',
      data_aniversario: '**/**/1974',
      dob: '**/**/1974',
      born: '**/**/1974',
      atualizado: '**/**/2024',
      dataEmissao: '**/**/1974',
      dt: '**/**/1974',
    });
  });

  it('house numbers in an address, wherever the address sits', () => {
    expect(
      mask({
        enderecos: [{ logradouro: 'Rua X', numero: '123', cep: '01310100' }, { numero: 'S/N' }],
        moradores: [{ numero: 45 }],
        outro: { rua: 'Rua Y', numero: '12A' },
        numeroEndereco: '77',
      }),
    ).toEqual({
      enderecos: [{ logradouro: 'Rua X', numero: '***', cep: '01310100' }, { numero: 'S/N' }],
      moradores: [{ numero: '***' }],
      outro: { rua: 'Rua Y', numero: '***A' },
      numeroEndereco: '***',
    });
  });

  it('phone numbers without their DDD', () => {
    expect(
      mask({
        telefones: [{ ddd: '11', numero: '912345678' }],
        phones: [{ numero: '912345678', tipo: 'CELULAR' }],
        x: { ddd: '21', numero: 31234567 },
        celular: '912345678',
        contato: { ddd: '11', logradouro: 'Rua Z', numero: '12', telefone: '3123456' },
      }),
    ).toEqual({
      telefones: [{ ddd: '11', numero: '91*****78' }],
      phones: [{ numero: '91*****78', tipo: 'CELULAR' }],
      x: { ddd: '21', numero: '31****67' },
      celular: '91*****78',
      // A house number is no phone, and too short a phone shows nothing.
      contato: { ddd: '11', logradouro: 'Rua Z', numero: '***', telefone: '*******' },
    });
  });

  it('RG numbers and their check digit, under RG keys or in an identity-card object', () => {
    expect(
      mask({
        registroGeral: { numero: '12345678', digito: 'X', orgao: 'SSP', data: '2001-02-03', serie: '1ª VIA' },
        documento: { numero: '123456', orgaoEmissor: 'SSP/MG' },
        identidade: { numero: '654321', uf: 'MG' },
        rg: '123456789',
      }),
    ).toEqual({
      registroGeral: { numero: '********', digito: '*', orgao: 'SSP', data: '**/**/2001', serie: '1ª VIA' },
      documento: { numero: '******', orgaoEmissor: 'SSP/MG' },
      identidade: { numero: '******', uf: 'MG' },
      rg: '*********',
    });
  });

  it('CTPS number and series', () => {
    expect(
      mask({
        empregos: [{ ctps: { numero: '1234567', serie: '0012-SP' }, cbo: { numero: '2521-05' } }],
        carteira: { numero: '7654321', serie: '0034' },
        CTPS: { numero: '123456' },
        seriectps: '0056',
      }),
    ).toEqual({
      empregos: [{ ctps: { numero: '*******', serie: '****-SP' }, cbo: { numero: '2521-05' } }],
      carteira: { numero: '*******', serie: '****' },
      CTPS: { numero: '******' },
      seriectps: '****',
    });
  });

  it('PIS, NIS, CNS and título under their keys even when the check digits fail', () => {
    expect(
      mask({
        DOCUMENTOS: { NIS: '12345678901', CNS: '898001122334455', TITULO_ELEITOR: '123456789012' },
        pisNit: [{ numero: '123.45678.90-1', situacao: 'ATIVO' }],
      }),
    ).toEqual({
      DOCUMENTOS: { NIS: '*********01', CNS: '*************55', TITULO_ELEITOR: '**********12' },
      pisNit: [{ numero: '***.*****.*0-1', situacao: 'ATIVO' }],
    });
  });

  it('certificates: every number, and the date (a birth certificate is dated days after the birth)', () => {
    const certificate = {
      tipo: 'NASCIMENTO',
      numero: '123456',
      cartorio: 'Cartório de Registro Civil Exemplo - 3º Subdistrito',
      data: '1974-09-01',
      livro: 'A-12',
      folha: '34',
      termo: '5678',
      matricula: '123456 01 55 1974 1 00012 034 0005678 99',
      registro: '1234567',
    };
    const masked = {
      tipo: 'NASCIMENTO',
      numero: '******',
      cartorio: 'Cartório de Registro Civil Exemplo - 3º Subdistrito',
      data: '**/**/1974',
      livro: 'A-**',
      folha: '**',
      termo: '****',
      matricula: '****** ** ** **** * ***** *** ******* 99',
      registro: '*******',
    };
    expect(mask({ CERTIDOES: [certificate], x: certificate })).toEqual({ CERTIDOES: [masked], x: masked });
    // Under a certificate key, even without the fields that give a certificate away.
    expect(mask({ certidoes: [{ tipo: 'CASAMENTO', numero: '123456', data: '2001-02-03' }] })).toEqual({
      certidoes: [{ tipo: 'CASAMENTO', numero: '******', data: '**/**/2001' }],
    });
  });

  it('a CPF under a CPF key in any shape, the partial one of the Receita included', () => {
    expect(mask({ cpf: '***.456.789-**', CPF: '123.456.789-00' })).toEqual({
      cpf: '***.***.***-**',
      CPF: '123.***.***-00',
    });
  });
});

describe('identifiers without valid check digits, under names and shapes a provider may choose', () => {
  it('any run of 7 digits or more keeps at most its last two, however it is grouped', () => {
    expect(
      mask({
        a: '12345678901',
        b: '898001160660006',
        c: '1234 5678 9012',
        d: '123456789012345678',
        e: 12345678901,
        f: 1234567,
        g: '123456 01 55 2010 1 00012 123 0001234 12',
        texto: 'cartão 898 0011 6066 0006 e inscrição 1234 5678 9012',
      }),
    ).toEqual({
      a: '*********01',
      b: '*************06',
      c: '**** **** **12',
      d: '****************78',
      e: '*********01',
      f: '*******',
      g: '****** ** ** **** * ***** *** ******* 12',
      texto: 'cartão *** **** **** **06 e inscrição **** **** **12',
    });
  });

  it('a document named by the tipo of its object', () => {
    expect(
      mask({
        docs: [
          { tipo: 'PIS', numero: '12345678901' },
          { tipo: 'CNS', numero: '898001160660006' },
          { tipo: 'TITULO', numero: '123456789012' },
          { type: 'Título de Eleitor', numero: '1234 5678', zona: '0123' },
          { documento: 'RG', numero: 'MG-123456' },
          { tipo: 'OUTRO', numero: '123456' },
        ],
      }),
    ).toEqual({
      docs: [
        { tipo: 'PIS', numero: '*********01' },
        { tipo: 'CNS', numero: '*************06' },
        { tipo: 'TITULO', numero: '**********12' },
        { type: 'Título de Eleitor', numero: '**** **78', zona: '****' },
        { documento: 'RG', numero: 'MG-******' },
        // Six digits and no document named: not enough to tell.
        { tipo: 'OUTRO', numero: '123456' },
      ],
    });
  });

  it('a document named by the key above its object, however deep', () => {
    expect(
      mask({
        documentos: {
          cns: { numero: '898001160660006' },
          titulo: { numero: '123456789012', detalhe: { secao: '0456' } },
          pis: { numero: '12345678901' },
        },
      }),
    ).toEqual({
      documentos: {
        cns: { numero: '*************06' },
        titulo: { numero: '**********12', detalhe: { secao: '****' } },
        pis: { numero: '*********01' },
      },
    });
  });

  it('a document named by any word of its key', () => {
    expect(
      mask({
        nisPis: '1234567',
        nis_pis: '123.4567.89',
        nr_nis: '1234 56',
        NIS_PIS: '654321',
        numeroNis: '123456',
        nisNumero: '123456',
        pisNum: 123456,
        cartaoNacionalSaude: '898 0011',
        susCartao: '8980011',
        cartao_nacional_saude: '898001',
        inscricaoEleitoral: '123456',
        tituloEleitoral: '1234 5678 9012',
        titulo_de_eleitor: '1234 56',
        matriculaCertidao: '123456 01 55 2010 1 00012 123 0001234 12',
        registroCnh: '123456',
        passaporte: 'FX123456',
      }),
    ).toEqual({
      nisPis: '*******',
      nis_pis: '***.****.89',
      nr_nis: '**** **',
      NIS_PIS: '******',
      numeroNis: '******',
      nisNumero: '******',
      pisNum: '******',
      cartaoNacionalSaude: '*** ****',
      susCartao: '*******',
      cartao_nacional_saude: '******',
      inscricaoEleitoral: '******',
      tituloEleitoral: '**** **** **12',
      titulo_de_eleitor: '**** **',
      matriculaCertidao: '****** ** ** **** * ***** *** ******* 12',
      registroCnh: '******',
      passaporte: 'FX******',
    });
  });

  it('short words name a document only as whole words', () => {
    const clear = { cargo: '123456', administrador: '123456', unidade: '123456', orgao: '123456' };
    expect(mask(clear)).toEqual(clear);
  });

  it('every number of an address, whatever its key', () => {
    expect(
      mask({
        endereco: { n: '12', casa: 34, num_residencia: '56A', uf: 'SP', ibge: '3550308' },
        local: { street: 'Rua X', lote: '7', quadra: 8, latitude: -23.56, ddd: '11' },
        contato: { cep: '01310-100', bloco: '3' },
        outro: { complemento: 'Bloco B Apto 14', apto: '14' },
      }),
    ).toEqual({
      endereco: { n: '***', casa: '***', num_residencia: '***A', uf: 'SP', ibge: '3550308' },
      local: { street: 'Rua X', lote: '***', quadra: '***', latitude: -23.56, ddd: '11' },
      contato: { cep: '01310-100', bloco: '***' },
      outro: { complemento: 'Bloco B Apto ***', apto: '***' },
    });
    // Outside an address, a key may still say the number is a house's.
    expect(mask({ numResidencia: '90', num_casa: 12 })).toEqual({ numResidencia: '***', num_casa: '***' });
  });
});

describe('the walk', () => {
  it('masks an identifier used as a key', () => {
    expect(mask({ '52998224725': { nome: 'Ana' } })).toEqual({ '529.***.***-25': { nome: 'An*' } });
  });

  it('hides what is nested deeper than any answer goes', () => {
    let deep: unknown = '52998224725';
    for (let level = 0; level < 100; level += 1) deep = [deep];
    const text = JSON.stringify(maskTrialResult({ deep }));
    expect(text).not.toContain('52998224725');
    expect(text).toContain('"***"');
  });

  it('masks a long number used as a key even when it is no known kind', () => {
    expect(mask({ '12345678': { nome: 'Ana' } })).toEqual({ '******78': { nome: 'An*' } });
  });

  it('hides what is nested deeper than any answer goes in objects as in arrays', () => {
    let deep: unknown = CPF;
    for (let level = 0; level < 100; level += 1) deep = { dados: deep };
    const text = JSON.stringify(maskTrialResult(deep));
    expect(text).not.toContain(CPF);
    expect(text).not.toContain(CPF.slice(0, 3));
    expect(text).toContain('"***"');
  });

  it('shows an answer nested 64 levels deep, and hides the level below', () => {
    let deep: unknown = 'Texto livre';
    // The answer is level 0, its key `deep` level 1: 63 arrays put the text at level 64.
    for (let level = 0; level < 63; level += 1) deep = [deep];
    expect(JSON.stringify(maskTrialResult({ deep }))).toContain('"Texto livre"');
    expect(JSON.stringify(maskTrialResult({ deep: [deep] }))).not.toContain('Texto livre');
  });

  it('passes empty values and booleans through as they are', () => {
    const plain = { obito: null, ativo: true, falecido: false, nada: undefined };
    expect(mask(plain)).toEqual(plain);
  });
});

describe('the edges of each detector in text', () => {
  it('an RG in spaced groups, or right after its name, hides its final X too', () => {
    expect(mask({ rg: '12 345 678 X', texto: 'RG 1234567X' })).toEqual({
      rg: '** *** *** *',
      texto: 'RG ********',
    });
  });

  it('an RG written without the dash before its check digit is hidden whole', () => {
    expect(mask({ x: 'doc 12.345.6789' })).toEqual({ x: 'doc **.***.****' });
  });

  it('an e-mail keeps two letters from six on, and is found when its domain has digits', () => {
    expect(
      mask({
        a: 'marcos@example.com',
        b: 'joao@24horas.example.com',
        c: 'joao@mail.24horas.example.com',
      }),
    ).toEqual({
      a: 'ma****@example.com',
      b: 'j***@24horas.example.com',
      c: 'j***@mail.24horas.example.com',
    });
  });

  it('a number after any spelling of a document name is hidden whole', () => {
    expect(
      mask({
        a: 'matrícula 123456',
        b: 'fl. 12',
        c: 'cartão SUS 1234',
        d: 'título 1234',
        e: 'certidão 1234',
        f: 'RG nº 4567',
        g: 'RG MG-123456',
        h: 'livro B12',
        i: 'matrícula 123 456 ok',
      }),
    ).toEqual({
      a: 'matrícula ******',
      b: 'fl. **',
      c: 'cartão SUS ****',
      d: 'título ****',
      e: 'certidão ****',
      f: 'RG nº ****',
      g: 'RG MG-******',
      h: 'livro B**',
      i: 'matrícula *** *** ok',
    });
  });

  it('the house number of a one-line address, however it is written', () => {
    expect(
      mask({
        a: 'mora na Rua das Flores, 123',
        b: 'Praça da Sé, 45',
        c: 'Rua das Flores,123',
        d: 'Rua das Flores, n. 12',
        e: 'Rua das Flores, nº 12',
        f: 'Rua das Flores, nº12',
        g: 'Rua das Flores, 12A',
      }),
    ).toEqual({
      a: 'mora na Rua das Flores, ***',
      b: 'Praça da Sé, ***',
      c: 'Rua das Flores,***',
      d: 'Rua das Flores, n. ***',
      e: 'Rua das Flores, nº ***',
      f: 'Rua das Flores, nº***',
      g: 'Rua das Flores, ***A',
    });
  });

  it('a timestamp shows its year alone, whatever its time and zone', () => {
    expect(
      mask({
        a: 'atualizado 2024-05-06 10:30',
        b: '2024-05-06T10:00:00Z',
        c: '2024-05-06T10:00:00',
        d: '2024-05-06T10:00:00-03:00',
        e: '2024-05-06T10:00:00-0300',
      }),
    ).toEqual({
      a: 'atualizado **/**/2024',
      b: '**/**/2024',
      c: '**/**/2024',
      d: '**/**/2024',
      e: '**/**/2024',
    });
  });

  it('a date followed by a time or a full stop still shows its year alone', () => {
    expect(mask({ a: 'em 01/08/1974 10:00', b: 'em 01/08/1974. Solteiro' })).toEqual({
      a: 'em **/**/1974 10:00',
      b: 'em **/**/1974. Solteiro',
    });
  });

  it('only a calendar day is a date: any other date-shaped run keeps just its last two digits', () => {
    expect(
      mask({
        diaZero: '00/05/1980',
        dia32: '32/05/1980',
        dia31: '31/05/1980',
        mesZero: '15/00/1980',
        janeiro: '15/01/1980',
        mes13: '15/13/1980',
        dezembro: '15/12/1980',
      }),
    ).toEqual({
      diaZero: '**/**/**80',
      dia32: '**/**/**80',
      dia31: '**/**/1980',
      mesZero: '**/**/**80',
      janeiro: '**/**/1980',
      mes13: '**/**/**80',
      dezembro: '**/**/1980',
    });
  });

  it('an amount written the Brazilian way stays in clear, tens of millions included', () => {
    const clear = { x: 'capital de R$ 12.345.678,90 em 2020' };
    expect(mask(clear)).toEqual(clear);
  });

  it('a phone keeps the country code 55 and the DDD, or else its first two digits', () => {
    expect(
      mask({
        fixoComPais: '+55 11 3123-4567',
        dddRioGrande: '55 99123-4567',
        telefone: '(011) 91234-5678',
      }),
    ).toEqual({
      fixoComPais: '+55 11 ****-**67',
      dddRioGrande: '55 *****-**67',
      telefone: '(01*) *****-**78',
    });
  });

  it('too short a phone shows no digit, punctuated or not', () => {
    expect(mask({ telefone: '312-3456', celular: '3123456' })).toEqual({
      telefone: '***-****',
      celular: '*******',
    });
  });

  it('numbers that are no phone show only their last two digits', () => {
    expect(
      mask({
        // Twelve digits are a phone only after the country code 55.
        a: '123456789012',
        // 10 is no DDD.
        b: '10 3123-4567',
        c: '3123-45678',
      }),
    ).toEqual({
      a: '**********12',
      b: '** 31**-**67',
      c: '****-***78',
    });
  });

  it('a number beside a CEP is hidden; only the CEP stays', () => {
    expect(mask({ a: '7654321 01310-100', b: 'CEP 01310-100 1234567' })).toEqual({
      a: '******* 01310-100',
      b: 'CEP 01310-100 *******',
    });
  });

  it('numbers side by side are each masked as what they are; short ones stay as written', () => {
    expect(mask({ a: `${CPF_WRITTEN} 11 91234-5678`, b: 'vagas 10 20 30' })).toEqual({
      a: `${CPF.slice(0, 3)}.***.***-${CPF.slice(9)} 11 *****-**78`,
      b: 'vagas 10 20 30',
    });
  });

  it('a number of a known kind is masked even under a key of public codes', () => {
    expect(
      mask({
        cnpj: CPF,
        renavam: RENAVAM,
        numeroMotor: '759482779262487',
        cbo: '652510840116',
        chassi: '24581501552011121241007260521813',
        codigoIbge: 3550308,
      }),
    ).toEqual({
      cnpj: `${CPF.slice(0, 3)}.***.***-${CPF.slice(9)}`,
      renavam: `*********${RENAVAM.slice(9)}`,
      numeroMotor: '*************87',
      cbo: '**********16',
      chassi: '******************************13',
      // Under these keys any other number is a public code.
      codigoIbge: 3550308,
    });
  });
});

describe('the edges of the key rules', () => {
  it('a compact day-first date keeps its own year, even when its digits hold another 20xx', () => {
    expect(mask({ dt: '02031974', nascimento: '12071980', dataNascimento: '22011969' })).toEqual({
      dt: '**/**/1974',
      nascimento: '**/**/1980',
      dataNascimento: '**/**/1969',
    });
  });

  it("an address's reference text hides its numbers too", () => {
    expect(mask({ endereco: { logradouro: 'Rua A', referencia: 'casa 45, fundos' } })).toEqual({
      endereco: { logradouro: 'Rua A', referencia: 'casa ***, fundos' },
    });
  });

  it('keys are read without their accents, and an acronym apart from the word after it', () => {
    expect(mask({ endereço: { numero: '12' }, PISNumero: '123456' })).toEqual({
      endereço: { numero: '***' },
      PISNumero: '******',
    });
  });

  it('each short document word names a document by itself', () => {
    expect(
      mask({
        rgs: ['654321'],
        nit: '123456',
        pasep: '123456',
        cns: '123456',
        cartao_sus: '123456',
        cnh: '123456',
        rne: '123456',
      }),
    ).toEqual({
      rgs: ['******'],
      nit: '******',
      pasep: '******',
      cns: '******',
      cartao_sus: '******',
      cnh: '******',
      rne: '******',
    });
  });

  it('an object with a street or a neighbourhood is an address', () => {
    expect(
      mask({
        pessoa: { endereco: 'Rua das Flores', numero: '12' },
        local: { bairro: 'Centro', numero: '12' },
      }),
    ).toEqual({
      pessoa: { endereco: 'Rua das Flores', numero: '***' },
      local: { bairro: 'Centro', numero: '***' },
    });
  });

  it('RG and CTPS numbers are hidden whole, last two digits included', () => {
    expect(
      mask({
        rg: { numero: '12345678' },
        ctps: { numero: '12345678' },
        identidade: { numero: '12345678', orgaoExpedidor: 'SSP/SP' },
        numeroCtps: '12345678',
      }),
    ).toEqual({
      rg: { numero: '********' },
      ctps: { numero: '********' },
      identidade: { numero: '********', orgaoExpedidor: 'SSP/SP' },
      numeroCtps: '********',
    });
    // Under a neutral key, the issuing body alone says the object is an identity card.
    expect(mask({ x: { numero: '12345678', orgaoExpedidor: 'SSP/SP' } })).toEqual({
      x: { numero: '********', orgaoExpedidor: 'SSP/SP' },
    });
  });

  it('an object with any one of livro, folha, termo, matrícula or cartório is a certificate', () => {
    expect(
      mask({
        x: [
          { livro: 'A-12', numero: '123456' },
          { folha: '34', numero: '123456' },
          { termo: '56', numero: '123456' },
          { matricula: '7', numero: '123456' },
          { cartorio: 'Cartório Exemplo', numero: '123456' },
        ],
      }),
    ).toEqual({
      x: [
        { livro: 'A-**', numero: '******' },
        { folha: '**', numero: '******' },
        { termo: '**', numero: '******' },
        { matricula: '*', numero: '******' },
        { cartorio: 'Cartório Exemplo', numero: '******' },
      ],
    });
  });

  it('a document number keeps its letters of series, however they are joined', () => {
    expect(
      mask({
        docs: [
          { tipo: 'RG', numero: 'MG 123456' },
          { registro: '123456SP', termo: '123456-SP' },
        ],
      }),
    ).toEqual({
      docs: [
        { tipo: 'RG', numero: 'MG ******' },
        { registro: '******SP', termo: '******-SP' },
      ],
    });
  });

  it('a company name under an English key stays in clear', () => {
    const clear = { companyName: 'Comércio Exemplo Ltda' };
    expect(mask(clear)).toEqual(clear);
  });

  it('birth dates written in words are masked under dn, born, or a key with the word dn', () => {
    expect(
      mask({ dn: '1 de agosto de 1974', born: 'August 1, 1974', dn_conjuge: '1 de agosto de 1974' }),
    ).toEqual({ dn: '**/**/1974', born: '**/**/1974', dn_conjuge: '**/**/1974' });
  });

  it('a birth-date field shows the year of its date, not digits from another number in it', () => {
    expect(mask({ nascimento: 'Registro 1201845, nascido em 1974.' })).toEqual({
      nascimento: '**/**/1974',
    });
  });

  it('a compact date under a date key shows its year, day first or year first; other digits are no date', () => {
    expect(
      mask({
        dt: '25121974',
        dataEmissao: '19741399',
        dataValidade: '32031974',
        dataInicio: '1219740302',
        dataFim: '1974030212',
        dtAdmissao: '1202031974',
        emissao: '0203197412',
      }),
    ).toEqual({
      dt: '**/**/1974',
      dataEmissao: '******99',
      dataValidade: '******74',
      dataInicio: '********02',
      dataFim: '********12',
      dtAdmissao: '********74',
      emissao: '********12',
    });
  });

  it('eight digits under a key that says nothing of a date are an identifier, not a date', () => {
    expect(mask({ protocolo: '20240115' })).toEqual({ protocolo: '******15' });
  });

  it('a cpfCnpj key is a CPF key, and a key that only starts like a code word is no code key', () => {
    expect(mask({ cpfCnpj: '***.456.789-**', motoristaCnh: '12345678901' })).toEqual({
      cpfCnpj: '***.***.***-**',
      motoristaCnh: '*********01',
    });
  });

  it("a work card's employer CNPJ stays in clear", () => {
    expect(
      mask({ carteira: { numero: '7654321', serie: '0034', cnpjEmpregador: '11.222.333/0001-81' } }),
    ).toEqual({
      carteira: { numero: '*******', serie: '****', cnpjEmpregador: '11.222.333/0001-81' },
    });
  });

  it('a name field that also holds a date masks the name as well as the date', () => {
    expect(
      mask({
        nome: 'MARIA SILVA 01/08/1974',
        mae: '01/08/1974 ANA SOUZA',
        pai: 'JOSE:01/08/1974',
        titular: '01/08/1974:ANA',
      }),
    ).toEqual({
      nome: 'MAR** SIL** **/**/1974',
      mae: '**/**/1974 AN* SOU**',
      pai: 'JO**:**/**/1974',
      titular: '**/**/1974:AN*',
    });
  });

  it('a JSON integer of 7 digits or more is hidden, of fewer shown; a CNPJ without its leading zero stays', () => {
    expect(mask({ a: 999_999, b: 1_000_000, empresa: Number(CNPJ_LEADING_ZERO) })).toEqual({
      a: 999_999,
      b: '*******',
      empresa: Number(CNPJ_LEADING_ZERO),
    });
  });
});
