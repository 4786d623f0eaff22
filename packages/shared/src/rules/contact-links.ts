/**
 * The links a reseller's contacts become on their clients' dashboard (docs/product/users.md#profile): the
 * profile form accepts only contacts that give a link, so what a reseller saves is what the
 * clients see.
 */

/** wa.me wants the number in international form, digits only; without a country code it is Brazil. */
export function whatsappLink(contact: string): string | null {
  const digits = contact.replace(/\D/g, '');
  if (digits.length < 8) return null;
  return `https://wa.me/${digits.length <= 11 ? `55${digits}` : digits}`;
}

/** t.me takes the handle without '@' (a full t.me link is accepted too). */
export function telegramLink(contact: string): string | null {
  const handle = contact
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?(t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');
  return /^[A-Za-z0-9_+]{3,}$/.test(handle) ? `https://t.me/${handle}` : null;
}
