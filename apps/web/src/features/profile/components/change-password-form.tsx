import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { changePasswordFormSchema } from '@painel/shared/schemas/users-admin';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '@/features/profile/api/change-password';
import { FormFailureAlert } from '@/features/profile/components/form-failure-alert';
import { profileMessages } from '@/features/profile/profile-messages';
import { reportFormFailure } from '@/features/profile/utils/report-form-failure';

type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
type ChangePasswordFormOutput = z.output<typeof changePasswordFormSchema>;

const emptyForm: ChangePasswordFormInput = { senhaAtual: '', novaSenha: '', confirmarSenha: '' };

/**
 * Current password, new one (at least 6) and its confirmation (product.md §5 Profile). The server
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
        <FormFailureAlert message={form.formState.errors.root?.server?.message} />
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
        <FormField
          control={form.control}
          name="senhaAtual"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Senha atual</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="novaSenha"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Nova senha</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormDescription>Pelo menos 6 caracteres.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirmarSenha"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Confirmar nova senha</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
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
