import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

/** Every export (docs/product/admin.md#csv-exports): no cell a spreadsheet would run as a formula. */
describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1+1', `"'+1+1"`],
    ['-1+1', `"'-1+1"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['\n=1+1', `"'\n=1+1"`],
    ['\tqualquer', `"'\tqualquer"`],
    ['  =1+1', `"'  =1+1"`],
    [' +1', `"' +1"`],
    ['\u00a0=1+1', `"'\u00a0=1+1"`],
    ['\u3000=1+1', `"'\u3000=1+1"`],
    ['\u200b=1+1', `"'\u200b=1+1"`],
    ['\ufeff=1+1', `"'\ufeff=1+1"`],
    [' \n\t =1+1', `"' \n\t =1+1"`],
    ['＝1+1', `"'＝1+1"`],
    ['＋1+1', `"'＋1+1"`],
    ['－1+1', `"'－1+1"`],
    ['＠SUM(1)', `"'＠SUM(1)"`],
    ['  ＝1+1', `"'  ＝1+1"`],
    ['\u00a0＠SUM(1)', `"'\u00a0＠SUM(1)"`],
    ['\u22121+1', `"'\u22121+1"`],
    ['\ufe661+1', `"'\ufe661+1"`],
    ['=HYPERLINK("x";"y")', `"'=HYPERLINK(""x"";""y"")"`],
  ])('defuses %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['Fulano de Tal', 'Fulano de Tal'],
    ['  Fulano', '  Fulano'],
    ['a=b', 'a=b'],
    ['1+1', '1+1'],
    ['fulano@exemplo.test', 'fulano@exemplo.test'],
    ['', ''],
    ['Loja; "Gama"', '"Loja; ""Gama"""'],
  ])('leaves %j as it is, quoted only when needed', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are, a negative one too, and null as nothing', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('defuses keys of the header the same way', () => {
    expect(csvDocument(['linha', ' =chave'], [], (row: string[]) => row)).toBe(`\uFEFFlinha;"' =chave"\r\n`);
  });
});
