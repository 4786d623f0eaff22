import { zodResolver } from '@hookform/resolvers/zod';
import type { PixSettings } from '@painel/shared/schemas/payments';
import { Copy, KeyRound, LoaderCircle, Save } from 'lucide-react';
import { useForm, useFormContext } from 'react-hook-form';
import { toast } from 'sonner';

import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
import { Skeleton } from '@/components/ui/skeleton';
import { usePixSettings } from '@/features/plans-admin/api/get-pix-settings';
import { useUpdatePixSettings } from '@/features/plans-admin/api/update-pix-settings';
import { ServerErrorBox, useServerErrors } from '@/features/plans-admin/components/server-error-box';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import {
  type PixSettingsFormValues,
  pixFormToBody,
  pixSettingsFormSchema,
  pixSettingsToForm,
  providerLabels,
  webhookUrl,
} from '@/features/plans-admin/utils/pix-settings-form';
import { API_BASE } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

/** The PIX configuration card (admin only): provider, write-only secrets and the webhook URL. */
export function PixSettingsCard() {
  const settings = usePixSettings();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <KeyRound className="size-4" aria-hidden="true" />
            Configuração PIX
          </h2>
        </CardTitle>
        <CardDescription>
          Provedor das cobranças. As chaves só podem ser substituídas: depois de salvas, aparecem mascaradas.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="grid gap-4" role="status" aria-label="Carregando configuração PIX">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : settings.isError ? (
          <LoadErrorAlert
            title={plansAdminMessages.pixLoadFailed}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          // A new key after each save: the form starts over from what is stored now.
          <PixSettingsForm key={storedVersion(settings.data)} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function storedVersion(settings: PixSettings): string {
  return [settings.pix_provider, settings.easy_pix_api_key, settings.pix_webhook_secret].join('|');
}

function PixSettingsForm({ settings }: { settings: PixSettings }) {
  const update = useUpdatePixSettings();
  const form = useForm<PixSettingsFormValues>({
    resolver: zodResolver(pixSettingsFormSchema(settings)),
    defaultValues: pixSettingsToForm(settings),
  });
  const reportServerError = useServerErrors(form, plansAdminMessages.pixSaveFailed);
  const provider = form.watch('pix_provider');

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(pixFormToBody(values));
      form.reset(pixSettingsToForm(saved));
      toast.success(plansAdminMessages.pixSaved);
    } catch (error) {
      reportServerError(error);
      notifyFailure(plansAdminMessages.pixSaveFailed, error);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Configuração PIX" className="grid gap-5">
        <ServerErrorBox form={form} />
        <FormField
          control={form.control}
          name="pix_provider"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Provedor</FormLabel>
              <FormControl>
                <NativeSelect {...field}>
                  {Object.entries(providerLabels).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              {provider === 'sandbox' && (
                <FormDescription>
                  {settings.sandbox_switch
                    ? 'Cobranças de teste: em /planos, “Simular pagamento” confirma o pagamento.'
                    : 'O sandbox não recebe pagamentos em produção: escolha o Mercado Pago.'}
                </FormDescription>
              )}
              <FormMessage />
            </FormItem>
          )}
        />
        <SecretField
          name="easy_pix_api_key"
          removeName="remove_api_key"
          label="Chave de acesso (easy_pix_api_key)"
          stored={settings.easy_pix_api_key}
        />
        <SecretField
          name="pix_webhook_secret"
          removeName="remove_webhook_secret"
          label="Segredo do webhook"
          stored={settings.pix_webhook_secret}
        />
        <WebhookUrl path={settings.webhook_path} />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy} className="max-sm:w-full">
            {busy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {busy ? 'Salvando...' : 'Salvar configuração'}
          </Button>
        </div>
      </form>
    </Form>
  );
}

interface SecretFieldProps {
  name: 'easy_pix_api_key' | 'pix_webhook_secret';
  removeName: 'remove_api_key' | 'remove_webhook_secret';
  label: string;
  /** The stored secret, masked by the server ('••••••••abcd'), or null. */
  stored: string | null;
}

/** A write-only secret: never shown, only the server's masked hint of what is stored. */
function SecretField({ name, removeName, label, stored }: SecretFieldProps) {
  const { control, watch, setValue } = useFormContext<PixSettingsFormValues>();
  const removing = watch(removeName);
  const typed = watch(name) !== '';

  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              placeholder={stored ? 'Em branco: mantém a salva' : 'Não configurada'}
              {...field}
            />
          </FormControl>
          <FormDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {!stored ? (
              <span>Nenhuma chave salva.</span>
            ) : typed ? (
              <span>A chave digitada substituirá a salva.</span>
            ) : removing ? (
              <>
                <span>Será removida ao salvar.</span>
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto p-0"
                  onClick={() => setValue(removeName, false)}
                >
                  Desfazer
                </Button>
              </>
            ) : (
              <>
                <span>
                  Salva: <span className="font-mono">{stored}</span>
                </span>
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto p-0 text-destructive"
                  onClick={() => setValue(removeName, true)}
                  aria-label={`Remover ${label}`}
                >
                  Remover
                </Button>
              </>
            )}
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function WebhookUrl({ path }: { path: string }) {
  const url = webhookUrl(path, API_BASE, window.location.origin);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(plansAdminMessages.webhookCopied);
    } catch {
      toast.error(plansAdminMessages.copyFailed);
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm leading-none font-medium">URL do webhook</p>
      <div className="flex items-start gap-2">
        <code
          data-testid="webhook-url"
          className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all select-all"
        >
          {url}
        </code>
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => void copy()}
          aria-label="Copiar URL do webhook"
          title="Copiar"
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Cole no painel do Mercado Pago (notificações de pagamento) com o mesmo segredo de assinatura.
      </p>
    </div>
  );
}
