import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { LoaderCircle, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { useCreatePlan } from '@/features/plans-admin/api/create-plan';
import { PlanFormFields } from '@/features/plans-admin/components/plan-form-fields';
import { ServerErrorBox, useServerErrors } from '@/features/plans-admin/components/server-error-box';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import {
  emptyPlanForm,
  formToCreateBody,
  type PlanFormInput,
  type PlanFormOutput,
  planFormSchema,
} from '@/features/plans-admin/utils/plan-form-schema';

/** 'Novo plano' (docs/product/plans-and-payments.md#plans-administration). */
export function PlanCreateForm({ onCreated }: { onCreated?: () => void }) {
  const create = useCreatePlan();
  const form = useForm<PlanFormInput, unknown, PlanFormOutput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: emptyPlanForm(),
  });
  const reportServerError = useServerErrors(form, plansAdminMessages.createFailed);

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(formToCreateBody(values));
      toast.success(messages.planCreated);
      form.reset(emptyPlanForm());
      onCreated?.();
    } catch (error) {
      reportServerError(error);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Novo plano</h2>
        </CardTitle>
        <CardDescription>Preço em reais, duração em dias, meses ou anos.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate aria-label="Novo plano" className="grid gap-5">
            <ServerErrorBox form={form} />
            <PlanFormFields withActive />
            <div className="flex justify-end">
              <Button type="submit" disabled={busy} className="max-sm:w-full">
                {busy ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Plus aria-hidden="true" />
                )}
                {busy ? 'Criando...' : 'Criar plano'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
