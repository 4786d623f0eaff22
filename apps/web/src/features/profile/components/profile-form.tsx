import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { telegramLink, whatsappLink } from '@painel/shared/rules/contact-links';
import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';
import { LoaderCircle, Save } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormInputField } from '@/components/form-input-field';
import { FormServerError } from '@/components/form-server-error';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { profileMessages } from '@/features/profile/profile-messages';
import {
  type ProfileFormInput,
  type ProfileFormOutput,
  profileFormSchema,
  profileToForm,
} from '@/features/profile/utils/profile-form-schema';
import { reportFormFailure } from '@/features/profile/utils/report-form-failure';

/** Only a revendedor has contacts: they are shown to the users the reseller creates (docs/product/roles.md#in-the-panel). */
export function showsContacts(user: Pick<PublicUser, 'tipo'>): boolean {
  return can(user.tipo, 'serveOwnClients');
}

/** What the reseller's clients will get on their dashboard card, as the reseller types it. */
function ContactPreview({ link }: { link: string | null }) {
  if (!link) return null;
  return (
    <span className="block break-all">
      Seus clientes verão:{' '}
      <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline">
        {link.replace(/^https:\/\//, '')}
      </a>
    </span>
  );
}

/** Name and email; for a revendedor also WhatsApp and Telegram (docs/product/users.md#profile). */
export function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const contacts = showsContacts(user);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileToForm(user),
  });
  const [whatsapp = '', telegram = ''] = useWatch({
    control: form.control,
    name: ['whatsapp_contato', 'telegram_contato'],
  });

  const submit = form.handleSubmit(async ({ nome, email, whatsapp_contato, telegram_contato }) => {
    try {
      const saved = await update.mutateAsync(
        contacts ? { nome, email, whatsapp_contato, telegram_contato } : { nome, email },
      );
      form.reset(profileToForm(saved.user));
      toast.success(saved.message || messages.profileUpdated);
    } catch (error) {
      reportFormFailure(form, error, profileMessages.updateFailed);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Dados do perfil">
        <FormServerError form={form} />
        <FormInputField control={form.control} name="nome" label="Nome" autoComplete="name" />
        <FormInputField
          control={form.control}
          name="email"
          label="Email"
          description="É também o email que você usa para entrar no painel."
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        {contacts && (
          <fieldset className="grid min-w-0 gap-4 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">Contatos para seus clientes</legend>
            <p className="-mt-1 text-sm text-muted-foreground">
              Aparecem no painel dos usuários que você cria, como botões de WhatsApp e Telegram. Deixe em
              branco para não mostrar.
            </p>
            <FormInputField
              control={form.control}
              name="whatsapp_contato"
              label="WhatsApp"
              description={
                <>
                  Com DDD; sem +55 é tratado como número do Brasil.
                  <ContactPreview link={whatsapp.trim() ? whatsappLink(whatsapp) : null} />
                </>
              }
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="11 99999-0000"
            />
            <FormInputField
              control={form.control}
              name="telegram_contato"
              label="Telegram"
              description={
                <>
                  Seu usuário (@sualoja) ou o link t.me.
                  <ContactPreview link={telegram.trim() ? telegramLink(telegram) : null} />
                </>
              }
              autoComplete="off"
              spellCheck={false}
              placeholder="@sualoja"
            />
          </fieldset>
        )}
        <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {busy ? 'Salvando...' : 'Salvar'}
        </Button>
      </form>
    </Form>
  );
}
