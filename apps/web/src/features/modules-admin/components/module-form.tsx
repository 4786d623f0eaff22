import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormInputField } from '@/components/form-input-field';
import { FormServerError } from '@/components/form-server-error';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { InputFieldsEditor } from '@/features/modules-admin/components/input-fields-editor';
import { ModuleImageField } from '@/features/modules-admin/components/module-image-field';
import { SecretHeadersEditor } from '@/features/modules-admin/components/secret-headers-editor';
import { limitTypeLabels } from '@/features/modules-admin/utils/module-display';
import {
  emptyModuleForm,
  type ModuleFormInput,
  type ModuleFormMode,
  type ModuleFormOutput,
  moduleFormSchema,
  moduleToForm,
} from '@/features/modules-admin/utils/module-form-schema';
import { numberInputProps } from '@/lib/number-input';
import { showServerErrors } from '@/lib/show-server-errors';

interface ModuleFormProps {
  mode: ModuleFormMode;
  module?: ModuleView;
  /** Resolves when saved; throws (with the message to show) when not. */
  onSubmit: (values: ModuleFormOutput) => Promise<void>;
  onCancel: () => void;
  /** 'Erro ao criar módulo' or 'Erro ao atualizar módulo' (docs/product/modules.md#module-administration). */
  failureTitle: string;
  onImageUploaded: (imageUrl: string) => void;
  /** Shown between the fields and the buttons (the edit dialog's 'Testar'). */
  children?: ReactNode;
}

/** A number input whose empty state is NaN, so zod says 'Por favor, insira um valor válido'. */
/** Every field and rule of docs/product/modules.md#module-fields, validated with the server's own schemas. */
export function ModuleForm({
  mode,
  module,
  onSubmit,
  onCancel,
  failureTitle,
  onImageUploaded,
  children,
}: ModuleFormProps) {
  const form = useForm<ModuleFormInput, unknown, ModuleFormOutput>({
    resolver: zodResolver(moduleFormSchema(mode)),
    defaultValues: module ? moduleToForm(module) : emptyModuleForm(),
  });
  const limitType = form.watch('tipo_limite');

  // The quantity limit is hidden for credit modules; a half-typed value there must not block saving.
  useEffect(() => {
    if (limitType !== 'creditos') return;
    const limit = form.getValues('limite_padrao_quantidade');
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
      form.setValue('limite_padrao_quantidade', emptyModuleForm().limite_padrao_quantidade as number);
    }
    form.clearErrors('limite_padrao_quantidade');
  }, [limitType, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(form, failureTitle, error);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <FormServerError form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField control={form.control} name="nome" label="Nome" placeholder="Ex.: CPF Completo" />
          <FormField
            control={form.control}
            name="tipo_limite"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Tipo de Limite</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value="quantidade">{limitTypeLabels.quantidade}</option>
                    <option value="creditos">{limitTypeLabels.creditos}</option>
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="descricao"
            render={({ field }) => (
              <FormItem className="sm:col-span-2">
                <FormLabel>Descrição{mode === 'edit' && ' (opcional)'}</FormLabel>
                <FormControl>
                  <Textarea rows={2} placeholder="Ex.: o que a consulta devolve" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="api_url"
            render={({ field }) => (
              <FormItem className="sm:col-span-2">
                <FormLabel>URL da API</FormLabel>
                <FormControl>
                  <Input
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono"
                    placeholder="Ex.: https://provedor.exemplo/cpf/{cpf}"
                    {...field}
                  />
                </FormControl>
                <FormDescription>
                  Uma URL http(s) ou um caminho /demo-api/…. Cada {'{campo}'} é trocado pelo valor do campo de
                  entrada com esse nome e a chamada é GET; sem {'{campo}'}, os campos vão num POST em JSON.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="preco_por_consulta"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Preço por consulta (créditos)</FormLabel>
                <FormControl>
                  <Input type="number" min={0} step={0.01} inputMode="decimal" {...numberInputProps(field)} />
                </FormControl>
                <FormDescription>Cobrado só em módulos por créditos.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="timeout_segundos"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Timeout (segundos)</FormLabel>
                <FormControl>
                  <Input
                    type="number"
                    min={5}
                    max={300}
                    step={1}
                    inputMode="numeric"
                    {...numberInputProps(field)}
                  />
                </FormControl>
                <FormDescription>De 5 a 300.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          {limitType === 'quantidade' && (
            <FormField
              control={form.control}
              name="limite_padrao_quantidade"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Limite padrão (consultas em {messages.quotaWindow})</FormLabel>
                  <FormControl>
                    <Input type="number" min={1} step={1} inputMode="numeric" {...numberInputProps(field)} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          <FormField
            control={form.control}
            name="imagem_url"
            render={({ field }) => (
              <div className="sm:col-span-2">
                <ModuleImageField
                  value={field.value ?? null}
                  onChange={field.onChange}
                  onUploaded={onImageUploaded}
                />
              </div>
            )}
          />
        </div>

        <InputFieldsEditor />
        <SecretHeadersEditor />

        <FormField
          control={form.control}
          name="mascarar_por_padrao"
          render={({ field }) => (
            <FormItem className="flex items-start gap-3 rounded-lg border p-3">
              <FormControl>
                <Switch
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  className="mt-0.5"
                />
              </FormControl>
              <div className="grid gap-0.5">
                <FormLabel>Mascarar por padrão</FormLabel>
                <FormDescription className="text-xs">
                  Resultados ficam mascarados até o usuário revelar com uma justificativa.
                </FormDescription>
              </div>
            </FormItem>
          )}
        />

        {children}

        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Salvar Alterações
          </Button>
        </div>
      </form>
    </Form>
  );
}
