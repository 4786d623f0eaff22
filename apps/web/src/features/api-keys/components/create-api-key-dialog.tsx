import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_NAME_MAX,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@painel/shared/schemas/api-keys';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { Copy, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';

import { FormInputField } from '@/components/form-input-field';
import { FormServerError } from '@/components/form-server-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
import { Textarea } from '@/components/ui/textarea';
import { useCreateApiKey } from '@/features/api-keys/api/create-api-key';
import { apiKeysMessages } from '@/features/api-keys/api-keys-messages';
import {
  type ApiKeyFormValues,
  apiKeyFormSchema,
  emptyApiKeyForm,
  formFieldOf,
} from '@/features/api-keys/utils/api-key-form';
import { copyText } from '@/lib/copy-text';
import { showServerErrors } from '@/lib/show-server-errors';

interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
  modules: ModuleView[];
}

/**
 * 'Criar chave': the form, then the whole key, shown this once. Closing (Concluir, Esc, outside)
 * forgets it: the dialog's state and the mutation's answer go, so it is nowhere in the page.
 */
export function CreateApiKeyDialog({ open, onClose, modules }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    create.forget();
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="sm:max-w-xl">
        {created ? (
          <CreatedKey created={created} onDone={close} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Criar chave de API</DialogTitle>
              <DialogDescription>
                A chave consulta com os seus créditos. Limite o que ela pode fazer, se quiser.
              </DialogDescription>
            </DialogHeader>
            {open && (
              <ApiKeyForm
                modules={modules}
                onCancel={close}
                onSubmit={async (body) => setCreated(await create.mutateAsync(body))}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ApiKeyForm({
  modules,
  onCancel,
  onSubmit,
}: {
  modules: ModuleView[];
  onCancel: () => void;
  onSubmit: (body: CreateApiKeyInput) => Promise<void>;
}) {
  const form = useForm<ApiKeyFormValues, unknown, CreateApiKeyInput>({
    resolver: zodResolver(apiKeyFormSchema),
    defaultValues: emptyApiKeyForm,
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      showServerErrors(form, apiKeysMessages.createFailed, error, formFieldOf);
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Nova chave de API" className="grid min-w-0 gap-4">
        <FormServerError form={form} />
        <FormInputField
          control={form.control}
          name="nome"
          label="Nome da chave"
          placeholder="Ex.: Sistema da loja"
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
        />
        <FormField
          control={form.control}
          name="modulos"
          render={({ field }) => (
            <FormItem>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-medium">Módulos</legend>
                <FormDescription>Nenhum marcado: a chave consulta todos.</FormDescription>
                <div className="grid max-h-44 gap-2 overflow-y-auto rounded-md border p-3 sm:grid-cols-2">
                  {modules.map((module) => {
                    const id = `api-key-module-${module.id}`;
                    return (
                      <div key={module.id} className="flex min-h-8 items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={field.value.includes(module.id)}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true
                                ? [...field.value, module.id]
                                : field.value.filter((value) => value !== module.id),
                            )
                          }
                        />
                        <label htmlFor={id} className="text-sm">
                          {module.nome}
                        </label>
                      </div>
                    );
                  })}
                  {modules.length === 0 && (
                    <p className="text-sm text-muted-foreground">Nenhum módulo ativo agora.</p>
                  )}
                </div>
              </fieldset>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="ips"
          render={({ field }) => (
            <FormItem>
              <FormLabel>IPs permitidos</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={3}
                  spellCheck={false}
                  autoComplete="off"
                  className="font-mono"
                  placeholder={'203.0.113.10\n198.51.100.0/24'}
                />
              </FormControl>
              <FormDescription>
                Um por linha ou separados por vírgula, endereços ou faixas CIDR. Em branco: qualquer endereço.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="limite_diario_creditos"
            label="Limite diário (créditos)"
            description="Em branco: sem limite."
            inputMode="decimal"
            placeholder="Ex.: 25,50"
            autoComplete="off"
          />
          <FormInputField
            control={form.control}
            name="expira_em"
            label="Expira em"
            description="Em branco: não expira."
            type="date"
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Criar chave
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const copy = async () => {
    try {
      await copyText(created.chave);
      toast.success(apiKeysMessages.copied);
    } catch {
      toast.error(apiKeysMessages.copyFailed);
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Chave criada: {created.nome}</DialogTitle>
        <DialogDescription>Use-a no cabeçalho X-Api-Key das suas chamadas.</DialogDescription>
      </DialogHeader>
      <Alert className="border-amber-600/30 bg-amber-400/10 dark:border-amber-400/30">
        <TriangleAlert className="text-amber-700 dark:text-amber-300" aria-hidden="true" />
        <AlertDescription className="font-medium text-foreground">
          {apiKeysMessages.keepItNow}
        </AlertDescription>
      </Alert>
      <div className="grid min-w-0 gap-2">
        <p id="created-api-key-label" className="text-sm font-medium">
          Sua chave
        </p>
        <output
          aria-labelledby="created-api-key-label"
          data-testid="created-api-key"
          className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
        >
          {created.chave}
        </output>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copiar
        </Button>
        <Button type="button" onClick={onDone}>
          Concluir
        </Button>
      </DialogFooter>
    </>
  );
}
