import { z } from 'zod';
import { messages } from '../messages.ts';
import { CAPTCHA_MAX_LENGTH } from '../rules/auth-form.ts';
import { emailSchema, requiredText } from './common.ts';

export { CAPTCHA_MAX_LENGTH };

/** What the user typed in the captcha box: at most 6 characters, compared upper-case. */
export const captchaAnswerSchema = z
  .string({ error: messages.captchaRequired })
  .trim()
  .min(1, messages.captchaRequired)
  .max(CAPTCHA_MAX_LENGTH, messages.captchaRequired)
  .transform((answer) => answer.toUpperCase());

export const captchaSchema = z.object({ id: z.string(), image: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

export const captchaVerifyRequestSchema = z.object({
  id: z.string({ error: messages.captchaRequired }).min(1, messages.captchaRequired),
  answer: captchaAnswerSchema,
});

const captchaFields = {
  captcha_id: z.string({ error: messages.captchaRequired }).min(1, messages.captchaRequired).max(100),
  captcha_answer: captchaAnswerSchema,
};

export const loginRequestSchema = z.object({
  email: emailSchema,
  senha: z.string({ error: messages.required }).min(1, messages.required).max(200, messages.tooLong(200)),
  ...captchaFields,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const passwordSchema = z
  .string({ error: messages.required })
  .min(6, messages.registerPasswordMin6)
  .max(200, messages.tooLong(200));

export const registerRequestSchema = z.object({
  nome: requiredText(120),
  email: emailSchema,
  senha: passwordSchema,
  ...captchaFields,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register form adds the confirmation, checked on the client only. */
export const registerFormSchema = registerRequestSchema
  .omit({ captcha_id: true })
  .extend({ confirmarSenha: z.string({ error: messages.required }).min(1, messages.required) })
  .refine((form) => form.senha === form.confirmarSenha, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmarSenha'],
  });

export const loginFormSchema = loginRequestSchema.omit({ captcha_id: true });
