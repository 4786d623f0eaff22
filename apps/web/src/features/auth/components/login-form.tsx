import { messages } from '@painel/shared/messages';
import { type LoginFormValues, parseLoginForm } from '@painel/shared/rules/auth-form';
import { LoaderCircle } from 'lucide-react';
import { FormErrorBox } from '@/components/form-error-box';
import { Button } from '@/components/ui/button';
import { useCaptcha } from '@/features/auth/api/get-captcha';
import { logIn } from '@/features/auth/api/login-user';
import { AuthField } from '@/features/auth/components/auth-field';
import { CaptchaField } from '@/features/auth/components/captcha-field';
import { useAuthForm } from '@/features/auth/hooks/use-auth-form';
import { reportAuthFailure } from '@/features/auth/utils/report-auth-failure';

const emptyLogin: LoginFormValues = { email: '', senha: '', captcha_answer: '' };

interface LoginFormProps {
  /** Called once the session is stored. */
  onSuccess: () => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const captcha = useCaptcha();
  const form = useAuthForm(emptyLogin, parseLoginForm);

  const onSubmit = form.handleSubmit(async (values) => {
    // A captcha still loading (or failed to load) cannot be answered yet.
    if (!captcha.data || captcha.isFetching) {
      form.setFieldError('captcha_answer', messages.captchaRequired);
      return;
    }
    try {
      await logIn({ ...values, captcha_id: captcha.data.id });
      onSuccess();
    } catch (error) {
      reportAuthFailure(error, form, captcha, messages.loginFailed);
    }
  });

  const answer = form.field('captcha_answer');
  const busy = form.submitting;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormErrorBox message={form.formError} />
      <AuthField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        placeholder="voce@exemplo.com"
        {...form.field('email')}
      />
      <AuthField label="Senha" type="password" autoComplete="current-password" {...form.field('senha')} />
      <CaptchaField
        captcha={captcha}
        value={answer.value}
        error={answer.error}
        onChange={(value) => form.setValue('captcha_answer', value)}
        inputRef={answer.inputRef}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {busy ? 'Entrando...' : 'Entrar no sistema'}
      </Button>
    </form>
  );
}
