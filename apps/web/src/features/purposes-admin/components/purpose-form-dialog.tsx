import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatePurpose,
  type CreatePurposeInput,
  createPurposeSchema,
  PURPOSE_NAME_MAX,
  type Purpose,
} from '@painel/shared/schemas/finalidades';
import { LoaderCircle } from 'lucide-react';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { useCreatePurpose } from '@/features/purposes-admin/api/create-purpose';
import { useUpdatePurpose } from '@/features/purposes-admin/api/update-purpose';
import { purposesAdminMessages } from '@/features/purposes-admin/purposes-admin-messages';
import { legalBasisOptions } from '@/features/purposes-admin/utils/legal-basis-option';
import { showServerErrors } from '@/lib/show-server-errors';

interface PurposeFormDialogProps {
  /** null: closed; 'new': the create form; a purpose: its edit form. */
  target: Purpose | 'new' | null;
  onClose: () => void;
}

/** 'Nova finalidade' and 'Editar <nome>' (docs/product/purposes.md#the-purposes). */
export function PurposeFormDialog({ target, onClose }: PurposeFormDialogProps) {
  const editing = target !== null && target !== 'new' ? target : undefined;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Editar ${editing.nome}` : 'Nova finalidade'}</DialogTitle>
          <DialogDescription>
            Cada consulta informa uma finalidade, e a finalidade diz em que base legal da LGPD (art. 7º) o uso
            dos dados se apoia.
          </DialogDescription>
        </DialogHeader>
        {target !== null && <PurposeForm key={editing?.id ?? 'new'} purpose={editing} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PurposeForm({ purpose, onClose }: { purpose: Purpose | undefined; onClose: () => void }) {
  const create = useCreatePurpose();
  const update = useUpdatePurpose();
  const form = useForm<CreatePurposeInput, unknown, CreatePurpose>({
    resolver: zodResolver(createPurposeSchema),
    // A new purpose has no basis until one is chosen: the select starts on its placeholder.
    defaultValues: purpose
      ? {
          nome: purpose.nome,
          base_legal: purpose.base_legal,
          ativo: purpose.ativo,
          permite_menores: purpose.permite_menores,
        }
      : { nome: '', ativo: true, permite_menores: false },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (purpose) {
        await update.mutateAsync({ id: purpose.id, body: values });
        toast.success(purposesAdminMessages.updated);
      } else {
        await create.mutateAsync(values);
        toast.success(purposesAdminMessages.created);
      }
      onClose();
    } catch (error) {
      showServerErrors(
        form,
        purpose ? purposesAdminMessages.updateFailed : purposesAdminMessages.createFailed,
        error,
      );
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Finalidade" className="grid gap-4">
        <FormServerError form={form} />
        <FormInputField
          control={form.control}
          name="nome"
          label="Nome"
          placeholder="Ex.: Análise de crédito"
          maxLength={PURPOSE_NAME_MAX}
          autoComplete="off"
        />
        <FormField
          control={form.control}
          name="base_legal"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Base legal</FormLabel>
              <FormControl>
                <NativeSelect {...field} value={field.value ?? ''}>
                  <option value="" disabled>
                    Escolha a base legal
                  </option>
                  {legalBasisOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="ativo"
            render={({ field }) => (
              <FormItem className="flex items-center gap-3">
                <FormControl>
                  <Switch
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <div className="grid gap-0.5">
                  <FormLabel className="font-normal">Ativa</FormLabel>
                  <FormDescription className="text-xs">Oferecida nas novas consultas.</FormDescription>
                </div>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="permite_menores"
            render={({ field }) => (
              <FormItem className="flex items-center gap-3">
                <FormControl>
                  <Switch
                    checked={field.value ?? false}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <div className="grid gap-0.5">
                  <FormLabel className="font-normal">Permite menores</FormLabel>
                  <FormDescription className="text-xs">Mostra dados de menores de 18 anos.</FormDescription>
                </div>
              </FormItem>
            )}
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {purpose ? 'Salvar alterações' : 'Criar finalidade'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
