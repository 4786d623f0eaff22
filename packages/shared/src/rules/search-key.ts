/**
 * How a lookup's input is searched (docs/product/lookups.md#history): a document, plate or phone
 * is found with or without its punctuation, in either case, with or without accents. Both sides,
 * what was stored and what is searched, are reduced to the same key: accents taken off, everything
 * but ASCII letters and digits dropped, letters upper-cased. `12.abc.345/01de-35` and `12ABC34501DE35` have
 * the same key. The server runs the same steps in SQL with these two strings (translate,
 * regexp_replace, upper), so the key is computed identically on both sides.
 */
export const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüýÿçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÝÇÑ';
export const UNACCENTED = 'aaaaaeeeeiiiiooooouuuuyycnAAAAAEEEEIIIIOOOOOUUUUYCN';

const unaccented = new Map([...ACCENTED].map((char, index) => [char, UNACCENTED[index] as string]));

/** The search key of a text; '' when it holds no letter or digit. */
export function searchKey(text: string): string {
  return [...text]
    .map((char) => unaccented.get(char) ?? char)
    .join('')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase();
}
