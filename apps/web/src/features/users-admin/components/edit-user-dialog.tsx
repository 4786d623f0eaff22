import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { activeDaysLeft } from '@painel/shared/rules/access';
import { can } from '@painel/shared/rules/policy';
import { type PublicUser, ROLES, roleLabels } from '@painel/shared/schemas/user';
import { LoaderCircle, Search } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { findResponsible, type Responsible } from '@/features/users-admin/api/find-responsible';
import { useUpdateUser } from '@/features/users-admin/api/update-user';
import { CreditStatement } from '@/features/users-admin/components/credit-statement';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import {
  type EditUserField,
  type EditUserForm,
  type EditUserFormOutput,
  editUserFormSchema,
  formToUpdateBody,
  userToForm,
} from '@/features/users-admin/utils/edit-user-form';
import { toDateTimeLocal } from '@/features/users-admin/utils/user-display';
import { formatCredits } from '@/lib/format';
import { failureText } from '@/lib/notify-failure';
import { numberInputProps } from '@/lib/number-input';
import { useSession } from '@/lib/session';
import { showServerErrors } from '@/lib/show-server-errors';
import { cn } from '@/lib/utils';

const DAY_MS = 86_400_000;

/** Server field names that the form shows under another name. */
const serverFieldToForm: Partial<Record<string, EditUserField>> = { revendedor_id: 'responsavel' };

/** Edit user (docs/product/users.md#edit-user) with the user's credit statement underneath. */
export function EditUserDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Editar {user.nome}</DialogTitle>
          <DialogDescription>
            #{user.id} • saldo {formatCredits(user.creditos)} créditos. Só o que você mudar é enviado.
          </DialogDescription>
        </DialogHeader>
        <EditUserFormView user={user} onClose={onClose} />
        <div className="border-t pt-4">
          <CreditStatement userId={user.id} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EditUserFormView({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const viewer = useSession()?.user;
  const self = viewer?.id === user.id;
  const editRole = viewer ? can(viewer.tipo, 'setUserRole') : false;
  const editResponsible = viewer ? can(viewer.tipo, 'setResponsible') : false;
  const update = useUpdateUser();
  const form = useForm<EditUserForm, unknown, EditUserFormOutput>({
    resolver: zodResolver(editUserFormSchema),
    defaultValues: userToForm(user),
  });
  const banido = form.watch('banido');
  /** The last responsible found, for the text it was found by. */
  const resolved = useRef<{ text: string; responsible: Responsible } | null>(null);
  const [found, setFound] = useState<Responsible | null>(null);
  const [searching, setSearching] = useState(false);

  /** The responsible the field names: undefined when not found or the lookup failed (the field says why). */
  const resolveResponsible = async (text: string): Promise<Responsible | null | undefined> => {
    const typed = text.trim();
    if (typed === '') return null;
    if (resolved.current?.text === typed) return resolved.current.responsible;
    setSearching(true);
    try {
      const responsible = await findResponsible(typed);
      if (!responsible) {
        form.setError('responsavel', { message: messages.responsibleNotFound });
        setFound(null);
        return undefined;
      }
      resolved.current = { text: typed, responsible };
      setFound(responsible);
      form.clearErrors('responsavel');
      return responsible;
    } catch (error) {
      form.setError('responsavel', {
        message: failureText(usersAdminMessages.responsibleLookupFailed, error),
      });
      return undefined;
    } finally {
      setSearching(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const dirty = form.formState.dirtyFields as Partial<Record<EditUserField, unknown>>;
    const body: Parameters<typeof update.mutateAsync>[0]['body'] = formToUpdateBody(values, dirty);
    if (editResponsible && dirty.responsavel) {
      const responsible = await resolveResponsible(values.responsavel);
      if (responsible === undefined) return;
      body.revendedor_id = responsible?.id ?? null;
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      const { message } = await update.mutateAsync({ id: user.id, body });
      toast.success(message);
      onClose();
    } catch (error) {
      showServerErrors(
        form,
        usersAdminMessages.updateFailed,
        error,
        (path) => serverFieldToForm[path] ?? path,
      );
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-6" aria-label={`Editar ${user.nome}`}>
        <FormServerError form={form} />
        <FormSection title="Conta" className="sm:grid-cols-2">
          <FormInputField control={form.control} name="nome" label="Nome" autoComplete="off" />
          <FormInputField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
          {editRole && (
            <FormField
              control={form.control}
              name="tipo"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Tipo</FormLabel>
                  <FormControl>
                    <NativeSelect {...field} disabled={self}>
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  {self && <FormDescription>Você não pode mudar o seu próprio tipo.</FormDescription>}
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          <FormInputField
            control={form.control}
            name="senha"
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            placeholder="Deixe em branco para manter"
          />
        </FormSection>
        <FormSection title="Acesso e créditos" className="sm:grid-cols-3">
          <FormField
            control={form.control}
            name="creditos"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Créditos</FormLabel>
                <FormControl>
                  <Input type="number" min={0} step={0.01} inputMode="decimal" {...numberInputProps(field)} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="data_expiracao"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Expira em</FormLabel>
                <FormControl>
                  <Input
                    type="datetime-local"
                    {...field}
                    onChange={(event) => {
                      field.onChange(event);
                      const value = event.target.value;
                      form.setValue('dias_ativos', value ? activeDaysLeft(new Date(value)) : 0, {
                        shouldDirty: true,
                      });
                    }}
                  />
                </FormControl>
                <FormDescription>Em branco: sem expiração. Os dias ativos acompanham a data.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="dias_ativos"
            render={({ field }) => {
              const input = numberInputProps(field);
              return (
                <FormItem>
                  <FormLabel>Dias ativos</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      {...input}
                      onChange={(event) => {
                        input.onChange(event);
                        const days = Number(event.target.value);
                        if (event.target.value !== '' && Number.isInteger(days) && days >= 0) {
                          const expiry =
                            days === 0
                              ? ''
                              : toDateTimeLocal(new Date(Date.now() + days * DAY_MS).toISOString());
                          form.setValue('data_expiracao', expiry, { shouldDirty: true });
                        }
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              );
            }}
          />
        </FormSection>
        <FormSection title="Contato e responsável" className="sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="whatsapp_contato"
            label="WhatsApp"
            inputMode="tel"
            autoComplete="off"
          />
          <FormInputField
            control={form.control}
            name="telegram_contato"
            label="Telegram"
            autoComplete="off"
          />
          {editResponsible && (
            <FormField
              control={form.control}
              name="responsavel"
              render={({ field }) => (
                <FormItem className="sm:col-span-2">
                  <FormLabel>Responsável (revendedor ou admin)</FormLabel>
                  <div className="flex gap-2">
                    <FormControl>
                      <Input
                        autoComplete="off"
                        placeholder="Nome, email ou ID"
                        {...field}
                        onChange={(event) => {
                          field.onChange(event);
                          setFound(null);
                        }}
                      />
                    </FormControl>
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => void resolveResponsible(field.value)}
                      disabled={searching || field.value.trim() === ''}
                    >
                      {searching ? (
                        <LoaderCircle className="animate-spin" aria-hidden="true" />
                      ) : (
                        <Search aria-hidden="true" />
                      )}
                      Buscar
                    </Button>
                  </div>
                  <FormDescription>
                    {found
                      ? `Encontrado: ${found.nome} (${found.email}) #${found.id}`
                      : user.revendedor
                        ? `Atual: ${user.revendedor.nome} (${user.revendedor.email})`
                        : 'Em branco: sem responsável.'}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
        </FormSection>
        <FormSection title="Situação" className="sm:grid-cols-2">
          <FormField
            control={form.control}
            name="ativo"
            render={({ field }) => (
              <FormItem className="flex items-center gap-3">
                <FormControl>
                  <Switch
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    disabled={self && field.value}
                  />
                </FormControl>
                <FormLabel className="font-normal">Ativo</FormLabel>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="banido"
            render={({ field }) => (
              <FormItem className="flex items-center gap-3">
                <FormControl>
                  <Switch
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    disabled={self && !field.value}
                  />
                </FormControl>
                <FormLabel className="font-normal">Banido</FormLabel>
              </FormItem>
            )}
          />
          {banido && (
            <FormField
              control={form.control}
              name="motivo_banimento"
              render={({ field }) => (
                <FormItem className="sm:col-span-2">
                  <FormLabel>Motivo do banimento</FormLabel>
                  <FormControl>
                    <Textarea rows={2} maxLength={500} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
        </FormSection>
        <FormSection title="Limites por módulo">
          <FormField
            control={form.control}
            name="modulos"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Módulos (JSON)</FormLabel>
                <FormControl>
                  <Textarea rows={4} spellCheck={false} className="font-mono text-xs" {...field} />
                </FormControl>
                <FormDescription>
                  {'{ "id do módulo": { "limite": n } }'} — limite em {messages.quotaWindow}; null é
                  ilimitado.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </FormSection>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Salvar Alterações
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function FormSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">{title}</legend>
      <div className={cn('grid items-start gap-4', className)}>{children}</div>
    </fieldset>
  );
}
