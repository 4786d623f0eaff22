import { messages } from '@painel/shared/messages';
import { parseRegisterForm, type RegisterFormValues } from '@painel/shared/rules/auth-form';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormErrorBox } from '@/components/form-error-box';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCaptcha } from '@/features/auth/api/get-captcha';
import { registerAndSignIn } from '@/features/auth/api/register-user';
import { AuthField } from '@/features/auth/components/auth-field';
import { CaptchaField } from '@/features/auth/components/captcha-field';
import { useAuthForm } from '@/features/auth/hooks/use-auth-form';
import { reportAuthFailure } from '@/features/auth/utils/report-auth-failure';

/** Pause between 'Cadastro realizado com sucesso. Entrando...' and what follows (docs/product/sessions.md#register). */
export const REGISTERED_FOLLOW_UP_MS = 400;

const emptyRegister: RegisterFormValues = {
  nome: '',
  email: '',
  senha: '',
  confirmarSenha: '',
  captcha_answer: '',
};

interface RegisterFormProps {
  /** The answer carried a session, now stored. */
  onSignedIn: () => void;
  /** The account exists but the answer carried no session; fired 400 ms after the notice. */
  onRegistered: () => void;
}

export function RegisterForm({ onSignedIn, onRegistered }: RegisterFormProps) {
  const captcha = useCaptcha();
  const form = useAuthForm(emptyRegister, parseRegisterForm);
  const [registered, setRegistered] = useState(false);
  const followUp = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(followUp.current), []);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!captcha.data || captcha.isFetching) {
      form.setFieldError('captcha_answer', messages.captchaRequired);
      return;
    }
    try {
      const signedIn = await registerAndSignIn({ ...values, captcha_id: captcha.data.id });
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

  const answer = form.field('captcha_answer');
  const busy = form.submitting;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormErrorBox message={form.formError} />
      {registered && (
        <Alert variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>{messages.registeredSigningIn}</AlertDescription>
        </Alert>
      )}
      <AuthField label="Nome" autoComplete="name" placeholder="Seu nome completo" {...form.field('nome')} />
      <AuthField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="voce@exemplo.com"
        {...form.field('email')}
      />
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <AuthField label="Senha" type="password" autoComplete="new-password" {...form.field('senha')} />
        <AuthField
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmarSenha')}
        />
      </div>
      <CaptchaField
        captcha={captcha}
        value={answer.value}
        error={answer.error}
        onChange={(value) => form.setValue('captcha_answer', value)}
        inputRef={answer.inputRef}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy || registered}>
        {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {busy ? 'Cadastrando...' : 'Criar conta'}
      </Button>
    </form>
  );
}
