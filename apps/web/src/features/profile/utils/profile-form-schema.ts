import { messages } from '@painel/shared/messages';
import { telegramLink, whatsappLink } from '@painel/shared/rules/contact-links';
import type { PublicUser } from '@painel/shared/schemas/user';
import { updateProfileSchema } from '@painel/shared/schemas/users-admin';
import { z } from 'zod';

import { profileMessages } from '@/features/profile/profile-messages';

/**
 * A contact is optional, but when given it must become the same wa.me / t.me link the
 * dashboard's reseller card shows to the reseller's clients; otherwise the card would silently
 * leave it out.
 */
const contactField = (toLink: (contact: string) => string | null, message: string) =>
  z
    .string()
    .trim()
    .max(100, messages.tooLong(100))
    .refine((contact) => contact === '' || toLink(contact) !== null, message);

/** PUT /profile's own schema; the contacts are checked against the card's links. */
export const profileFormSchema = updateProfileSchema.extend({
  whatsapp_contato: contactField(whatsappLink, profileMessages.whatsappInvalid),
  telegram_contato: contactField(telegramLink, profileMessages.telegramInvalid),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

export function profileToForm(user: PublicUser): ProfileFormInput {
  return {
    nome: user.nome,
    email: user.email,
    whatsapp_contato: user.whatsapp_contato ?? '',
    telegram_contato: user.telegram_contato ?? '',
  };
}
