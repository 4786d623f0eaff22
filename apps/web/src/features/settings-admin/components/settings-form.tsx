import { zodResolver } from '@hookform/resolvers/zod';
import { formatReais } from '@painel/shared/rules/pix-status';
import { TOPUP_CEILING_REAIS } from '@painel/shared/schemas/payments';
import { type Settings, TRIAL_LIMIT_MAX } from '@painel/shared/schemas/settings';
import { FlaskConical, LoaderCircle, Save, Scale, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormInputField } from '@/components/form-input-field';
import { FormServerError } from '@/components/form-server-error';
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
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useSettings } from '@/features/settings-admin/api/get-settings';
import { useUpdateSettings } from '@/features/settings-admin/api/update-settings';
import { settingsAdminMessages } from '@/features/settings-admin/settings-admin-messages';
import {
  type SettingsFormInput,
  type SettingsFormOutput,
  settingsFormSchema,
  settingsToForm,
} from '@/features/settings-admin/utils/settings-form';
import { notifyFailure } from '@/lib/notify-failure';
import { showServerErrors } from '@/lib/show-server-errors';

/** The settings screen's form: loads the stored values, then edits them. */
export function SettingsPanel() {
  const settings = useSettings();
  if (settings.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-2" role="status" aria-label="Carregando configurações">
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <LoadErrorAlert
        title={settingsAdminMessages.loadFailed}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: settingsToForm(settings),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(settingsToForm(saved));
      toast.success(settingsAdminMessages.saved);
    } catch (error) {
      showServerErrors(form, settingsAdminMessages.saveFailed, error);
      notifyFailure(settingsAdminMessages.saveFailed, error);
    }
  });

  const busy = form.formState.isSubmitting;
  const ceiling = formatReais(TOPUP_CEILING_REAIS * 100);

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Configurações do painel" className="grid gap-6">
        <FormServerError form={form} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SettingsSection
            icon={<FlaskConical className="size-4" aria-hidden="true" />}
            title="Teste gratuito"
            description="Quem ainda não tem plano nem créditos pode testar os módulos por quantidade."
          >
            <FormInputField
              control={form.control}
              name="trial_limit"
              label="Consultas de teste por usuário"
              description={`Um número inteiro de 0 a ${TRIAL_LIMIT_MAX}. 0 desliga o teste gratuito.`}
              inputMode="numeric"
              autoComplete="off"
            />
          </SettingsSection>
          <SettingsSection
            icon={<Wallet className="size-4" aria-hidden="true" />}
            title="Recarga de créditos"
            description="Limites de cada recarga por PIX em /planos (1 crédito = R$ 1,00)."
          >
            <FormInputField
              control={form.control}
              name="topup_min_reais"
              label="Valor mínimo da recarga (R$)"
              description="0,00 aceita qualquer valor acima de zero."
              inputMode="decimal"
              autoComplete="off"
            />
            <FormInputField
              control={form.control}
              name="topup_max_reais"
              label="Valor máximo da recarga (R$)"
              description={`Igual ou acima do mínimo, até R$\u00a0${ceiling}.`}
              inputMode="decimal"
              autoComplete="off"
            />
          </SettingsSection>
          <SettingsSection
            icon={<Scale className="size-4" aria-hidden="true" />}
            title="Consultas"
            description="As finalidades e suas bases legais são cadastradas em Finalidades."
          >
            <FormField
              control={form.control}
              name="exigir_finalidade"
              render={({ field }) => (
                <FormItem className="flex items-center gap-3">
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
                  </FormControl>
                  <div className="grid gap-1">
                    <FormLabel>Exigir finalidade nas consultas</FormLabel>
                    <FormDescription>
                      LGPD: cada consulta precisa de uma finalidade e de uma base legal (art. 7º).
                    </FormDescription>
                    <FormMessage />
                  </div>
                </FormItem>
              )}
            />
          </SettingsSection>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            A chave e o provedor PIX ficam em Planos, no cartão Configuração PIX.
          </p>
          <Button type="submit" disabled={busy} className="max-sm:w-full">
            {busy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {busy ? 'Salvando...' : 'Salvar configurações'}
          </Button>
        </div>
      </form>
    </Form>
  );
}

function SettingsSection({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            {icon}
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}
