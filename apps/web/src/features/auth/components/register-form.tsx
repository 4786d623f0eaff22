import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { registerFormSchema } from '@painel/shared/schemas/auth';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useCaptcha } from '@/features/auth/api/get-captcha';
import { useRegisterUser } from '@/features/auth/api/register-user';
import { CaptchaField } from '@/features/auth/components/captcha-field';
import { FormErrorAlert } from '@/features/auth/components/form-error-alert';
import { reportAuthFailure } from '@/features/auth/utils/report-auth-failure';

/** Pause between 'Cadastro realizado com sucesso. Entrando...' and what follows (product.md §9). */
export const REGISTERED_FOLLOW_UP_MS = 400;

type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormOutput = z.output<typeof registerFormSchema>;

interface RegisterFormProps {
  /** The answer carried a session, now stored. */
  onSignedIn: () => void;
  /** The account exists but the answer carried no session; fired 400 ms after the notice. */
  onRegistered: () => void;
}

export function RegisterForm({ onSignedIn, onRegistered }: RegisterFormProps) {
  const captcha = useCaptcha();
  const register = useRegisterUser();
  const [registered, setRegistered] = useState(false);
  const followUp = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { nome: '', email: '', senha: '', confirmarSenha: '', captcha_answer: '' },
  });

  useEffect(() => () => clearTimeout(followUp.current), []);

  const onSubmit = form.handleSubmit(async ({ confirmarSenha: _, ...values }) => {
    if (!captcha.data || captcha.isFetching) {
      form.setError('captcha_answer', { message: messages.captchaRequired });
      return;
    }
    try {
      const signedIn = await register.mutateAsync({ ...values, captcha_id: captcha.data.id });
      if (signedIn) {
        onSignedIn();
        return;
      }
      setRegistered(true);
      followUp.current = setTimeout(onRegistered, REGISTERED_FOLLOW_UP_MS);
    } catch (error) {
      reportAuthFailure(error, form, captcha, messages.registerFailed);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormErrorAlert message={form.formState.errors.root?.server?.message} />
        {registered && (
          <Alert variant="success" role="status">
            <CircleCheck aria-hidden="true" />
            <AlertDescription>{messages.registeredSigningIn}</AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="nome"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Nome</FormLabel>
              <FormControl>
                <Input autoComplete="name" placeholder="Seu nome completo" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
                  autoComplete="email"
                  placeholder="voce@exemplo.com"
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <FormField
            control={form.control}
            name="senha"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>Senha</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="confirmarSenha"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>Confirmar senha</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <CaptchaField captcha={captcha} />
        <Button type="submit" size="lg" className="w-full" disabled={busy || registered}>
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {busy ? 'Cadastrando...' : 'Criar conta'}
        </Button>
      </form>
    </Form>
  );
}
