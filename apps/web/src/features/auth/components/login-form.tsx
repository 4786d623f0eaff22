import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { loginFormSchema } from '@painel/shared/schemas/auth';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useCaptcha } from '@/features/auth/api/get-captcha';
import { useLoginUser } from '@/features/auth/api/login-user';
import { CaptchaField } from '@/features/auth/components/captcha-field';
import { FormErrorAlert } from '@/features/auth/components/form-error-alert';
import { reportAuthFailure } from '@/features/auth/utils/report-auth-failure';

type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormOutput = z.output<typeof loginFormSchema>;

interface LoginFormProps {
  /** Called once the session is stored. */
  onSuccess: () => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const captcha = useCaptcha();
  const login = useLoginUser();
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', senha: '', captcha_answer: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    // A captcha still loading (or failed to load) cannot be answered yet.
    if (!captcha.data || captcha.isFetching) {
      form.setError('captcha_answer', { message: messages.captchaRequired });
      return;
    }
    try {
      await login.mutateAsync({ ...values, captcha_id: captcha.data.id });
      onSuccess();
    } catch (error) {
      reportAuthFailure(error, form, captcha, messages.loginFailed);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormErrorAlert message={form.formState.errors.root?.server?.message} />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  placeholder="voce@exemplo.com"
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="senha"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Senha</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <CaptchaField captcha={captcha} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {busy ? 'Entrando...' : 'Entrar no sistema'}
        </Button>
      </form>
    </Form>
  );
}
