/** Byte-order mark: spreadsheets then read the file as UTF-8 and show the accents. */
export const CSV_BOM = '\uFEFF';

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r;]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line; `;` by default, the separator Excel expects in pt-BR. */
export function csvLine(cells: (string | number | null)[], separator = ';'): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}
