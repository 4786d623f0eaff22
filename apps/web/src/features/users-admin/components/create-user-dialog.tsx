import { zodResolver } from '@hookform/resolvers/zod';
import { can } from '@painel/shared/rules/policy';
import { ROLES, roleLabels } from '@painel/shared/schemas/user';
import {
  CREATE_USER_DEFAULTS,
  type CreateUserInput,
  createUserSchema,
} from '@painel/shared/schemas/users-admin';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormInputField } from '@/components/form-input-field';
import { FormServerError } from '@/components/form-server-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateUser } from '@/features/users-admin/api/create-user';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { formatCredits } from '@/lib/format';
import { numberInputProps } from '@/lib/number-input';
import { useSession } from '@/lib/session';
import { showServerErrors } from '@/lib/show-server-errors';

type CreateUserOutput = z.output<typeof createUserSchema>;

const emptyForm = (): CreateUserInput => ({ nome: '', email: '', senha: '', ...CREATE_USER_DEFAULTS });

/** 'Novo Usuário' (docs/product/users.md#create-user): tipo usuario, 0 credits and 30 days unless changed. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Novo Usuário</DialogTitle>
          <DialogDescription>O acesso começa agora e dura os dias ativos informados.</DialogDescription>
        </DialogHeader>
        {open && <CreateUserForm onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateUserForm({ onClose }: { onClose: () => void }) {
  const viewer = useSession()?.user;
  const chooseRole = viewer ? can(viewer.tipo, 'setUserRole') : false;
  const create = useCreateUser();
  const form = useForm<CreateUserInput, unknown, CreateUserOutput>({
    resolver: zodResolver(createUserSchema),
    defaultValues: emptyForm(),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await create.mutateAsync(values);
      toast.success(message);
      onClose();
    } catch (error) {
      showServerErrors(form, usersAdminMessages.createFailed, error);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormServerError form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField control={form.control} name="nome" label="Nome" autoComplete="off" />
          <FormInputField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
          <FormInputField
            control={form.control}
            name="senha"
            label="Senha"
            type="password"
            autoComplete="new-password"
          />
          <FormField
            control={form.control}
            name="tipo"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Tipo</FormLabel>
                <FormControl>
                  <NativeSelect {...field} disabled={!chooseRole}>
                    {(chooseRole ? ROLES : (['usuario'] as const)).map((role) => (
                      <option key={role} value={role}>
                        {roleLabels[role]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                {!chooseRole && <FormDescription>Revendedores criam apenas usuários.</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="creditos"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Créditos</FormLabel>
                <FormControl>
                  <Input type="number" min={0} step={0.01} inputMode="decimal" {...numberInputProps(field)} />
                </FormControl>
                {viewer && can(viewer.tipo, 'serveOwnClients') && (
                  <FormDescription>Saem do seu saldo ({formatCredits(viewer.creditos)}).</FormDescription>
                )}
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="dias_ativos"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Dias ativos</FormLabel>
                <FormControl>
                  <Input type="number" min={1} step={1} inputMode="numeric" {...numberInputProps(field)} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Criar usuário
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
