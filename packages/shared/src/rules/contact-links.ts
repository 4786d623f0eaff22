import { isValidPhone, onlyDigits, withoutCountryCode } from './documents.ts';

/**
 * A reseller's contacts and the links they become on their clients' dashboard
 * (docs/product/users.md#profile). The panel and the server accept only contacts that give a
 * link, so what is saved is what the clients see.
 */

/** A phone as people write it: digits, spaces, '+', parentheses, dots and dashes, nothing else. */
const PHONE_TEXT = /^[\d\s+().-]+$/;
/** A Telegram username: 5 to 32 letters, digits or '_'. */
const TELEGRAM_USERNAME = /^[A-Za-z0-9_]{5,32}$/;
/** A private group's invite, t.me/+<hash>. */
const TELEGRAM_INVITE = /^\+[A-Za-z0-9_-]{5,64}$/;
const TELEGRAM_LINK_PREFIX = /^(https?:\/\/)?(www\.)?(t\.me|telegram\.me)\//i;

/** A Brazilian phone with DDD (a leading 55 is the country code), as wa.me wants it: 55 and the digits. */
export function whatsappLink(contact: string): string | null {
  const text = contact.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const digits = withoutCountryCode(onlyDigits(text));
  return isValidPhone(digits) ? `https://wa.me/55${digits}` : null;
}

/** '@loja_perfil', 'loja_perfil' or a t.me link (a username or a group's '+' invite). */
export function telegramLink(contact: string): string | null {
  const text = contact.trim();
  const isLink = TELEGRAM_LINK_PREFIX.test(text);
  const handle = text.replace(TELEGRAM_LINK_PREFIX, '').replace(/\/$/, '');
  if (isLink && TELEGRAM_INVITE.test(handle)) return `https://t.me/${handle}`;
  const username = isLink ? handle : handle.replace(/^@/, '');
  return TELEGRAM_USERNAME.test(username) ? `https://t.me/${username}` : null;
}
