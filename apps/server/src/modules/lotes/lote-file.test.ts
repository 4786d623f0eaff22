import { messages } from '@painel/shared/messages';
import type { QueryField } from '@painel/shared/rules/query-input';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { AppError } from '../../lib/app-error.ts';
import { readBatchFile } from './lote-file.ts';
import { readSheetIsolated, SheetRefused } from './xlsx-reader.ts';

/** docs/product/lotes.md#file: how a batch's file becomes rows of the module's fields. */

const cpfOnly: QueryField[] = [{ nome: 'cpf', tipo: 'cpf', obrigatorio: true, mascara: null }];
const person: QueryField[] = [
  { nome: 'nome', tipo: 'string', obrigatorio: true, mascara: null },
  { nome: 'data_nascimento', tipo: 'string', obrigatorio: false, mascara: null },
];

const read = (text: string | Buffer, fields: QueryField[]) =>
  readBatchFile(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), fields);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error('expected a refusal');
  return error;
}

describe('readBatchFile', () => {
  it('reads a header in any case or accent and columns in any order, with the lines a spreadsheet shows', async () => {
    const rows = await read('\ufeffDATA_NASCIMENTO;Nome\n01/02/1990;Ana Exemplo\n\n;Bruno Teste\n', person);
    expect(rows).toEqual([
      { linha: 2, entrada: { data_nascimento: '01/02/1990', nome: 'Ana Exemplo' } },
      { linha: 4, entrada: { data_nascimento: '', nome: 'Bruno Teste' } },
    ]);
  });

  it('takes commas, quoted cells with separators inside, and a bare column for a one-field module', async () => {
    expect(await read('nome,data_nascimento\n"Silva, Ana",1990\n', person)).toEqual([
      { linha: 2, entrada: { nome: 'Silva, Ana', data_nascimento: '1990' } },
    ]);
    expect(await read('123.456.789-09\n98765432100\n', cpfOnly)).toEqual([
      { linha: 1, entrada: { cpf: '123.456.789-09' } },
      { linha: 2, entrada: { cpf: '98765432100' } },
    ]);
  });

  it('marks a line with more cells than the header', async () => {
    const [row] = await read('cpf\n123;extra\n', cpfOnly);
    expect(row).toEqual({ linha: 2, entrada: { cpf: '123' }, erro: messages.loteRowExtraColumns });
  });

  it('reads the first sheet of an XLSX, whole numbers without decimals', async () => {
    const xlsx = await writeXlsxFile([
      [{ value: 'cpf' }],
      [{ value: 12345678909, type: Number }],
      [{ value: '987.654.321-00' }],
    ]).toBuffer();
    expect(await read(xlsx, cpfOnly)).toEqual([
      { linha: 2, entrada: { cpf: '12345678909' } },
      { linha: 3, entrada: { cpf: '987.654.321-00' } },
    ]);
  });

  it('refuses what it cannot read, each with its reason under arquivo', async () => {
    const cases: [string | Buffer, QueryField[], string][] = [
      ['\n \n', cpfOnly, messages.loteEmpty],
      ['cpf\n', cpfOnly, messages.loteEmpty],
      ['Ana;1990\n', person, messages.loteHeaderMissing('nome, data_nascimento')],
      [Buffer.from([0x63, 0x70, 0x66, 0x0a, 0x4a, 0xe9, 0x0a]), cpfOnly, messages.loteFileUnreadable],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]), cpfOnly, messages.loteFileUnreadable],
      [`cpf\n${'1\n'.repeat(10_001)}`, cpfOnly, messages.loteTooManyRows('10.000')],
    ];
    for (const [text, fields, message] of cases) {
      const error = await refusal(read(text, fields));
      expect([error.code, error.message, error.extras?.fields]).toEqual([
        'VALIDATION_ERROR',
        message,
        { arquivo: message },
      ]);
    }
    expect(await read(`cpf\n${'1\n'.repeat(10_000)}`, cpfOnly)).toHaveLength(10_000);
  });

  it('keeps one separator for the whole file, and refuses a header naming a field twice', async () => {
    expect(await read('nome;data_nascimento\nSouza, Ana;1990\n', person)).toEqual([
      { linha: 2, entrada: { nome: 'Souza, Ana', data_nascimento: '1990' } },
    ]);
    const error = await refusal(read('cpf;CPF\n1;2\n', cpfOnly));
    expect(error.message).toBe(messages.loteHeaderRepeated('cpf'));
  });

  it('refuses an XLSX that names a cell past the rows a batch takes, or unpacks past its bound, before reading it', async () => {
    const far = zipSync({
      'xl/worksheets/sheet1.xml': Buffer.from(
        '<worksheet><sheetData><row r="1048576"><c r="XFD1048576" t="s"><v>0</v></c></row></sheetData></worksheet>',
      ),
    });
    expect((await refusal(read(Buffer.from(far), cpfOnly))).message).toBe(messages.loteTooManyRows('10.000'));
    const wide = zipSync({
      'xl/worksheets/sheet1.xml': Buffer.from(
        '<worksheet><sheetData><row r="2"><c r="ZZ2"><v>1</v></c></row></sheetData></worksheet>',
      ),
    });
    expect((await refusal(read(Buffer.from(wide), cpfOnly))).message).toBe(messages.loteFileUnreadable);
    // About 100 KB that unpack to 100 MB of blanks.
    const bomb = zipSync(
      { 'xl/worksheets/sheet1.xml': new Uint8Array(100 * 1024 * 1024).fill(32) },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await refusal(read(Buffer.from(bomb), cpfOnly))).message).toBe(messages.loteFileUnreadable);
  });

  it('refuses what a crafted XLSX hides from a look at the usual sheet: other paths, other quotes, long numbers, rows without cells named', async () => {
    const tooMany = messages.loteTooManyRows('10.000');
    const cases: [Buffer, string][] = [
      [workbook(rowsXml('<row r="3"><c r="A20000000" t="inlineStr"><is><t>1</t></is></c></row>')), tooMany],
      [workbook(rowsXml("<row r='3'><c r='A200000' t='inlineStr'><is><t>1</t></is></c></row>")), tooMany],
      [workbook(rowsXml('<row r="200000"><c t="inlineStr"><is><t>1</t></is></c></row>')), tooMany],
      [
        workbook(rowsXml('<row r="200000"><c r="A200000"><v>1</v></c></row>'), 'worksheets/data.xml'),
        tooMany,
      ],
      [
        workbook(rowsXml('<row r="3"><c r="ZZ3"><v>1</v></c></row>'), 'worksheets/data.xml'),
        messages.loteFileUnreadable,
      ],
      // One attribute of 2 MB: the reader would spend a minute on it before failing.
      [workbook(rowsXml('', ` spans="${'A'.repeat(2_000_000)}"`)), messages.loteFileUnreadable],
    ];
    for (const [file, message] of cases) expect((await refusal(read(file, cnpjOnly))).message).toBe(message);
    // The well-formed one reads.
    expect(await read(workbook(rowsXml('')), cnpjOnly)).toEqual([
      { linha: 2, entrada: { cnpj: '11222333000181' } },
    ]);
  });

  it('keeps a long cell to its first thousand characters, however many cells name it; refuses one of a megabyte', async () => {
    const named = (text: string) =>
      workbook(
        `<row r="1"><c r="A1" t="inlineStr"><is><t>cnpj</t></is></c></row>${Array.from(
          { length: 500 },
          (_, index) => `<row r="${index + 2}"><c r="A${index + 2}" t="s"><v>0</v></c></row>`,
        ).join('')}`,
        'worksheets/sheet1.xml',
        `<sst xmlns="${MAIN}"><si><t>${text}</t></si></sst>`,
      );
    const rows = await read(named('1'.repeat(60_000)), cnpjOnly);
    expect(rows).toHaveLength(500);
    expect(rows.every((row) => row.entrada.cnpj?.length === 1_000)).toBe(true);
    expect((await refusal(read(named('1'.repeat(1_000_000)), cnpjOnly))).message).toBe(
      messages.loteFileUnreadable,
    );
  });

  it("refuses a reference too long to be one, even with a '>' inside it", async () => {
    const file = workbook(
      rowsXml(`<row r="3"><c r="${'A'.repeat(30_000)}>${'A'.repeat(30_000)}1"><v>1</v></c></row>`),
    );
    expect((await refusal(read(file, cnpjOnly))).message).toBe(messages.loteFileUnreadable);
  });

  it('reads one XLSX of a user at a time: a second sent meanwhile is told to wait', async () => {
    const file = workbook(rowsXml(''));
    const [first, second] = await Promise.allSettled([
      readBatchFile(file, cnpjOnly, 7),
      readBatchFile(file, cnpjOnly, 7),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status === 'rejected' && (second.reason as AppError).code).toBe('RATE_LIMITED');
    // Another user's, and the same user's next one, are read.
    expect(await readBatchFile(file, cnpjOnly, 8)).toHaveLength(1);
    expect(await readBatchFile(file, cnpjOnly, 7)).toHaveLength(1);
  });

  it('reads the sheet on a thread of its own: one that would fill a million rows ends that thread, not this process', async () => {
    const far = workbook(rowsXml('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'));
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 5);
    const outcome = await readSheetIsolated(far, {
      maxRows: 10_001,
      maxColumns: 64,
      maxCellChars: 1_000,
      timeoutMs: 20_000,
      heapMb: 64,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    clearInterval(ticking);
    expect(outcome).toBeInstanceOf(SheetRefused);
    // This thread went on meanwhile.
    expect(ticks).toBeGreaterThan(0);
  });
});

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const cnpjOnly: QueryField[] = [{ nome: 'cnpj', tipo: 'cnpj', obrigatorio: true, mascara: null }];

/** A header 'cnpj', one valid row, then `more` rows; `rowAttributes` on the first row. */
const rowsXml = (more: string, rowAttributes = '') =>
  `<row r="1"${rowAttributes}><c r="A1" t="inlineStr"><is><t>cnpj</t></is></c></row>` +
  `<row r="2"><c r="A2" t="inlineStr"><is><t>11222333000181</t></is></c></row>${more}`;

/** A minimal workbook whose first sheet is the part at xl/`target`, as the reader finds it. */
function workbook(rows: string, target = 'worksheets/sheet1.xml', sharedStrings?: string): Buffer {
  const text = (value: string) => Buffer.from(value, 'utf8');
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': text(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    '_rels/.rels': text(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': text(
      `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': text(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="${target}"/>${
        sharedStrings
          ? `<Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/>`
          : ''
      }</Relationships>`,
    ),
    [`xl/${target}`]: text(`<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`),
  };
  if (sharedStrings) files['xl/sharedStrings.xml'] = text(sharedStrings);
  return Buffer.from(zipSync(files));
}
