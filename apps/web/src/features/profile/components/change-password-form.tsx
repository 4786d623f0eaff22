import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { changePasswordFormSchema } from '@painel/shared/schemas/users-admin';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormInputField } from '@/components/form-input-field';
import { FormServerError } from '@/components/form-server-error';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useChangePassword } from '@/features/profile/api/change-password';
import { profileMessages } from '@/features/profile/profile-messages';
import { reportFormFailure } from '@/features/profile/utils/report-form-failure';

type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
type ChangePasswordFormOutput = z.output<typeof changePasswordFormSchema>;

const emptyForm: ChangePasswordFormInput = { senhaAtual: '', novaSenha: '', confirmarSenha: '' };

/**
 * Current password, new one (at least 6) and its confirmation (docs/product/users.md#profile). The server
 * ends the account's other sessions and keeps this one, so the user stays here, signed in.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormOutput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyForm,
  });

  const submit = form.handleSubmit(async ({ senhaAtual, novaSenha }) => {
    try {
      const { message } = await change.mutateAsync({ senhaAtual, novaSenha });
      form.reset(emptyForm);
      toast.success(message || messages.passwordChanged, { description: profileMessages.otherSessionsEnded });
    } catch (error) {
      reportFormFailure(form, error, profileMessages.passwordFailed);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Alterar senha">
        <FormServerError form={form} />
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
        <FormInputField
          control={form.control}
          name="senhaAtual"
          label="Senha atual"
          type="password"
          autoComplete="current-password"
        />
        <FormInputField
          control={form.control}
          name="novaSenha"
          label="Nova senha"
          description="Pelo menos 6 caracteres."
          type="password"
          autoComplete="new-password"
        />
        <FormInputField
          control={form.control}
          name="confirmarSenha"
          label="Confirmar nova senha"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" disabled={busy}>
          {busy ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          {busy ? 'Alterando...' : 'Alterar senha'}
        </Button>
      </form>
    </Form>
  );
}
