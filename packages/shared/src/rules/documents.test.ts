import { describe, expect, it } from 'vitest';
import {
  applyMask,
  CNPJ_MASK,
  CPF_MASK,
  certificateCheckDigits,
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  formatPis,
  isValidCertificateNumber,
  isValidCnpj,
  isValidCns,
  isValidCpf,
  isValidPis,
  isValidRenavam,
  isValidVoterTitle,
  keepsEveryCharacter,
  LANDLINE_PHONE_MASK,
  MOBILE_PHONE_MASK,
  maskDigitsFilled,
  onlyDigits,
  phoneDigits,
  pisCheckDigit,
  renavamCheckDigit,
  voterTitleCheckDigits,
  wholeValueIn,
} from './documents.ts';

describe('onlyDigits', () => {
  it('drops everything but digits', () => {
    expect(onlyDigits('123.456.789-09')).toBe('12345678909');
    expect(onlyDigits('(11) 9 1234-5678')).toBe('11912345678');
    expect(onlyDigits('abc')).toBe('');
  });
});

describe('CPF', () => {
  it('computes the check digits of a 9-digit base', () => {
    expect(cpfCheckDigits('123456789')).toBe('09');
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
    expect(() => cpfCheckDigits('12345678a')).toThrow(RangeError);
  });

  it('accepts a valid CPF with or without punctuation', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 529 982 247 25 ')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths, letters and all-equal digits', () => {
    expect(isValidCpf('123.456.789-00')).toBe(false);
    expect(isValidCpf('12345678')).toBe(false);
    expect(isValidCpf('123456789091')).toBe(false);
    expect(isValidCpf('12345678909x')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidCpf(String(digit).repeat(11))).toBe(false);
  });
});

describe('CNPJ', () => {
  it('computes the check digits of a 12-digit base', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(() => cnpjCheckDigits('11222333000')).toThrow(RangeError);
  });

  it('validates check digits and refuses all-equal digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });
});

describe('PIS and Renavam', () => {
  it('computes and checks the PIS digit', () => {
    expect(pisCheckDigit('1703325950')).toBe('4');
    expect(isValidPis('170.33259.50-4')).toBe(true);
    expect(isValidPis('170.33259.50-5')).toBe(false);
    expect(isValidPis('00000000000')).toBe(false);
  });

  it('computes and checks the Renavam digit, accepting the zero-padded 9-digit form', () => {
    expect(renavamCheckDigit('0063988496')).toBe('2');
    expect(isValidRenavam('00639884962')).toBe(true);
    expect(isValidRenavam('639884962')).toBe(true);
    expect(isValidRenavam('00639884963')).toBe(false);
    expect(isValidRenavam('0063988496a')).toBe(false);
    expect(isValidRenavam('00000000000')).toBe(false);
  });
});

describe('CNS, voter title and certificate number', () => {
  it('checks the CNS weighted sum and its first digit', () => {
    expect(isValidCns('700 0000 0000 0005')).toBe(true);
    expect(isValidCns('700000000000005')).toBe(true);
    expect(isValidCns('700000000000006')).toBe(false);
    // 15 * 1 + 14 * 4 = 71 is not divisible by 11; 3 is not a first digit a CNS takes.
    expect(isValidCns('140000000000000')).toBe(false);
    expect(isValidCns('300000000000003')).toBe(false);
    expect(isValidCns('70000000000005')).toBe(false);
  });

  it('computes the voter title digits, with the São Paulo and Minas Gerais rule', () => {
    expect(voterTitleCheckDigits('65251084', '01')).toBe('16');
    expect(isValidVoterTitle('6525 1084 0116')).toBe(true);
    expect(isValidVoterTitle('652510840117')).toBe(false);
    // 1 * 2 + 1 * 9 = 11: the first digit is 0 in Bahia (05) but 1 in São Paulo (01).
    expect(voterTitleCheckDigits('10000001', '05')).toBe('07');
    expect(voterTitleCheckDigits('10000001', '01')).toBe('16');
    expect(isValidVoterTitle(`12345678 29 ${voterTitleCheckDigits('12345678', '28')}`)).toBe(false);
  });

  it('computes the two digits of a 32-digit certificate number', () => {
    expect(certificateCheckDigits('245815015520111212410072605218')).toBe('13');
    expect(isValidCertificateNumber('245815.01.55.2011.1.21241.007.2605218-13')).toBe(true);
    expect(isValidCertificateNumber('245815 01 55 2011 1 21241 007 2605218 13')).toBe(true);
    expect(isValidCertificateNumber('24581501552011121241007260521814')).toBe(false);
    expect(isValidCertificateNumber('2458150155201112124100726052181')).toBe(false);
  });
});

describe('applyMask', () => {
  it('fills digit slots and writes literals only while digits remain', () => {
    expect(applyMask('12345678909', '000.000.000-00')).toBe('123.456.789-09');
    expect(applyMask('1234567', '000.000.000-00')).toBe('123.456.7');
    expect(applyMask('123', '000.000.000-00')).toBe('123');
    expect(applyMask('1', '(00) 00000-0000')).toBe('(1');
    expect(applyMask('', '000.000.000-00')).toBe('');
  });

  it('re-masks an already masked or messy value and drops extra digits', () => {
    expect(applyMask('123.456.789-09', '000.000.000-00')).toBe('123.456.789-09');
    expect(applyMask('12a3b', '0-0-0')).toBe('1-2-3');
    expect(applyMask('123456789091234', '000.000.000-00')).toBe('123.456.789-09');
  });

  it('treats every character but 0 and A as a literal', () => {
    expect(applyMask('1234', 'XB 00/00')).toBe('XB 12/34');
    expect(applyMask('123', '000 0000 0000 0000')).toBe('123');
    expect(applyMask('1234', '000 0000 0000 0000')).toBe('123 4');
  });
});

describe('A slots take a letter or a digit', () => {
  it('upper-cases letters, keeps digits, and drops a letter met by a digit slot', () => {
    expect(applyMask('12abc34501de35', 'AA.AAA.AAA/AAAA-00')).toBe('12.ABC.345/01DE-35');
    expect(applyMask('12.ABC.345/01DE-35', 'AA.AAA.AAA/AAAA-00')).toBe('12.ABC.345/01DE-35');
    expect(applyMask('abc1d23', 'AAA0A00')).toBe('ABC1D23');
    // The D meant for the digit slot is dropped, so the rest moves up a slot.
    expect(applyMask('abcd123', 'AAA0A00')).toBe('ABC123');
  });

  it('a mask of A slots is complete only when every slot is filled', () => {
    expect(maskDigitsFilled('12ABC34501DE3', 'AA.AAA.AAA/AAAA-00')).toBe('partial');
    expect(maskDigitsFilled('12ABC34501DE35', 'AA.AAA.AAA/AAAA-00')).toBe('complete');
    expect(maskDigitsFilled('--', 'AA.AAA.AAA/AAAA-00')).toBe('empty');
  });
});

describe('a pasted value in a mask (docs/product/lookups.md#pasting)', () => {
  it('keeps the whole value: no label, no +55, no spaces around, and never its tail', () => {
    expect(applyMask('+55 11 98765-4321', MOBILE_PHONE_MASK)).toBe('(11) 98765-4321');
    expect(applyMask('5511987654321', MOBILE_PHONE_MASK)).toBe('(11) 98765-4321');
    expect(applyMask(' 529.982.247-25', CPF_MASK)).toBe('529.982.247-25');
    expect(applyMask('CPF: 529.982.247-25', CPF_MASK)).toBe('529.982.247-25');
    expect(applyMask('Telefone (62) 3832-3983', LANDLINE_PHONE_MASK)).toBe('(62) 3832-3983');
  });

  it("leaves a label's letters out of A slots", () => {
    expect(applyMask('CNPJ nº 12.ABC.345/01DE-35', CNPJ_MASK)).toBe('12.ABC.345/01DE-35');
    expect(applyMask('CNPJ nº12.abc.345/01de-35', CNPJ_MASK)).toBe('12.ABC.345/01DE-35');
    expect(applyMask('Placa: abc-1234', 'AAA0A00')).toBe('ABC1234');
    expect(applyMask('Chassi:9BWZZZ377VT004251', 'AAAAAAAAAAAAAAAAA')).toBe('9BWZZZ377VT004251');
  });

  it('finds the shortest ending on a word that fills every slot, leaving no digit out', () => {
    expect(wholeValueIn('CPF: 529.982.247-25 ', CPF_MASK)).toBe('529.982.247-25 ');
    expect(wholeValueIn('123 4567 8901 2345', '000 0000 0000 0000')).toBe('123 4567 8901 2345');
    expect(wholeValueIn('529.982.247', CPF_MASK)).toBeNull();
    expect(wholeValueIn('1529.982.247-25', CPF_MASK)).toBeNull();
    // The DDD in its own word is part of the phone: the rest is not a landline.
    expect(wholeValueIn('(11) 92345-67890', LANDLINE_PHONE_MASK)).toBeNull();
    expect(wholeValueIn('Lote 7: 529.982.247-25', CPF_MASK)).toBeNull();
    expect(wholeValueIn('', CPF_MASK)).toBeNull();
    // A digit before the value is part of it: '1 529.982.247-25' is 12 digits, not a CPF.
    expect(wholeValueIn('1 529.982.247-25', CPF_MASK)).toBeNull();
    // A letter where a check digit goes fills no slot: 14 characters, yet not a whole CNPJ.
    expect(wholeValueIn('12ABC34501DEX5', CNPJ_MASK)).toBeNull();
    expect(wholeValueIn('Chassi: ABCDEFGHJKLMNPRST', 'AAAAAAAAAAAAAAAAA')).toBe('ABCDEFGHJKLMNPRST');
  });

  it('tells a value the mask takes whole from one it would shorten', () => {
    expect(keepsEveryCharacter('CPF 529.98', CPF_MASK)).toBe(true);
    expect(keepsEveryCharacter('529.982.247-251', CPF_MASK)).toBe(false);
    expect(keepsEveryCharacter('XABC1D23', 'AAA0A00')).toBe(false);
    // A letter a digit slot would skip is lost too.
    expect(keepsEveryCharacter('ABCD', 'AAA0A00')).toBe(false);
  });

  it("drops a phone's country code: +55 anywhere before it, or 55 before 10 or 11 digits, not (55)", () => {
    expect(phoneDigits('Tel.: +55 (11) 98765-4321')).toBe('11987654321');
    expect(phoneDigits('+5511987654321')).toBe('11987654321');
    expect(phoneDigits('55 62 3832-3983')).toBe('6238323983');
    expect(phoneDigits('+55 55 99876-5432')).toBe('55998765432');
    expect(phoneDigits('(55) 91234-56789')).toBe('559123456789');
    expect(phoneDigits('(55) 99876-5432')).toBe('55998765432');
    expect(phoneDigits('Tel.: (55) 91234-56789')).toBe('559123456789');
    expect(phoneDigits('( 55) 91234-56789')).toBe('559123456789');
    // The country code, then the DDD 55.
    expect(phoneDigits('55 (55) 3222-1234')).toBe('5532221234');
    expect(phoneDigits('Tel.: +55 11 9876')).toBe('119876');
    expect(phoneDigits('+ 55 11 9876')).toBe('119876');
    // Only before the number: a +55 after digits is not its country code.
    expect(phoneDigits('11 98765-4321 +55')).toBe('1198765432155');
  });

  it('reads a phone only in a phone mask: other masks of 10 or 11 digits, or with brackets, keep every digit', () => {
    expect(applyMask('5512345678901', '00000000000')).toBe('55123456789');
    expect(applyMask('+55 (11) 9', '(00) 000')).toBe('(55) 119');
    expect(applyMask('+55 (11) 3123-4567', '(00)0000-0000')).toBe('(11)3123-4567');
  });
});

describe('maskDigitsFilled', () => {
  it('tells empty, partial and complete apart', () => {
    expect(maskDigitsFilled('', '000.000.000-00')).toBe('empty');
    expect(maskDigitsFilled('...-', '000.000.000-00')).toBe('empty');
    expect(maskDigitsFilled('123.456', '000.000.000-00')).toBe('partial');
    expect(maskDigitsFilled('123.456.789-09', '000.000.000-00')).toBe('complete');
    expect(maskDigitsFilled('12345678909', '000.000.000-00')).toBe('complete');
  });

  it('ignores digits beyond the slots and copes with a mask without slots', () => {
    expect(maskDigitsFilled('1234567890123', '000.000.000-00')).toBe('complete');
    expect(maskDigitsFilled('1', '---')).toBe('complete');
    expect(maskDigitsFilled('', '---')).toBe('empty');
  });
});

describe('formatters', () => {
  it('format complete numbers', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatPis('17033259504')).toBe('170.33259.50-4');
  });

  it('leave values of the wrong length untouched', () => {
    expect(formatCpf('1234')).toBe('1234');
    expect(formatCpf('')).toBe('');
    expect(formatCnpj('112223330001')).toBe('112223330001');
    expect(formatCep('0131010')).toBe('0131010');
    expect(formatPis('***')).toBe('***');
  });

  it('format mobile, landline, country code and DDD-less phones', () => {
    expect(formatPhone('11912345678')).toBe('(11) 91234-5678');
    expect(formatPhone('1131234567')).toBe('(11) 3123-4567');
    expect(formatPhone('+55 (11) 91234-5678')).toBe('(11) 91234-5678');
    expect(formatPhone('551131234567')).toBe('(11) 3123-4567');
    expect(formatPhone('912345678')).toBe('91234-5678');
    expect(formatPhone('31234567')).toBe('3123-4567');
    expect(formatPhone('123')).toBe('123');
  });
});

// The numbers below are synthetic, their check digits worked out apart from this module.
describe('check digits at the edges of their rules', () => {
  it('turns a CNPJ remainder under 2 into 0 and a remainder of 2 into 9', () => {
    expect(cnpjCheckDigits('834170471874')).toBe('01');
    expect(cnpjCheckDigits('366712768426')).toBe('97');
    expect(cnpjCheckDigits('526018159083')).toBe('69');
    expect(isValidCnpj('83.417.047/1874-01')).toBe(true);
    expect(isValidCnpj('36.671.276/8426-97')).toBe(true);
  });

  it('turns a voter-title remainder of 0 into 1 in São Paulo and Minas Gerais only, and 10 into 0', () => {
    expect(voterTitleCheckDigits('59583610', '01')).toBe('16');
    expect(voterTitleCheckDigits('59583610', '02')).toBe('13');
    expect(voterTitleCheckDigits('59583610', '03')).toBe('02');
    expect(voterTitleCheckDigits('66974249', '01')).toBe('08');
    expect(voterTitleCheckDigits('96566455', '01')).toBe('41');
    expect(isValidVoterTitle('595836100116')).toBe(true);
    expect(isValidVoterTitle('1733 4618 2895')).toBe(true);
  });

  it('knows voter-title state codes 01 to 28 only', () => {
    expect(isValidVoterTitle('123456780094')).toBe(false);
    expect(isValidVoterTitle('123456782992')).toBe(false);
    expect(isValidVoterTitle('título')).toBe(false);
  });

  it('refuses a CNS whose weighted sum fits but whose first digit is 3 to 6', () => {
    expect(isValidCns('617258480084023')).toBe(false);
    expect(isValidCns('792054438893751')).toBe(true);
  });

  it('reads a Renavam around spaces, in 9 or 11 digits, and nothing else', () => {
    expect(isValidRenavam(' 01234567897 ')).toBe(true);
    expect(isValidRenavam('882546597')).toBe(true);
    expect(isValidRenavam('x01234567897')).toBe(false);
    expect(isValidRenavam('01234567897x')).toBe(false);
    expect(isValidRenavam('00000000000')).toBe(false);
  });

  it('refuses an all-equal CPF although its check digits fit, and letters around a valid one', () => {
    expect(cpfCheckDigits('111111111')).toBe('11');
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('a123.456.789-09')).toBe(false);
    expect(isValidCpf('123.456.789-09a')).toBe(false);
    expect(isValidCpf('123 456 789 09')).toBe(true);
    expect(isValidCpf('12345678')).toBe(false);
    expect(isValidPis('123')).toBe(false);
  });

  it('refuses a base of the wrong length, saying which number it is', () => {
    expect(() => cpfCheckDigits('12345678')).toThrow('A CPF base needs exactly 9 digits');
    expect(() => cnpjCheckDigits('1')).toThrow('A CNPJ base needs exactly 12 digits or capital letters');
    expect(() => pisCheckDigit('1')).toThrow('A PIS base needs exactly 10 digits');
    expect(() => renavamCheckDigit('1')).toThrow('A Renavam base needs exactly 10 digits');
    expect(() => voterTitleCheckDigits('1', '01')).toThrow('A voter title sequence needs exactly 8 digits');
    expect(() => voterTitleCheckDigits('12345678', '1')).toThrow(
      'A voter title state code needs exactly 2 digits',
    );
    expect(() => certificateCheckDigits('1')).toThrow('A certificate number base needs exactly 30 digits');
  });

  it('drops the country code 55 only from 12 or 13 digits', () => {
    expect(formatPhone('5511912345678')).toBe('(11) 91234-5678');
    expect(formatPhone('551131234567')).toBe('(11) 3123-4567');
    expect(formatPhone('55912345678')).toBe('(55) 91234-5678');
    expect(formatPhone('441131234567')).toBe('441131234567');
  });
});
