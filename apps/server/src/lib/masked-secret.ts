const MASK = '••••••••';
/** Enough of the mask to recognise it sent back; no real secret starts this way. */
const MASK_START = '••••';

/** A stored secret is write-only: a response shows only its last four characters. */
export function maskSecret(value: string | null): string | null {
  if (!value) return null;
  return `${MASK}${value.slice(-4)}`;
}

/**
 * What an edit does to a stored secret: absent, or sent back masked as it was shown, keeps it
 * (undefined); '' or null clears it; anything else replaces it.
 */
export function secretChange(value: string | null | undefined): string | null | undefined {
  return value === undefined || value?.startsWith(MASK_START) ? undefined : value || null;
}
