/** `like` pattern matching the text anywhere, lower-cased, with the wildcard characters taken literally. */
export function substringPattern(text: string): string {
  return `%${text.toLowerCase().replaceAll(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
