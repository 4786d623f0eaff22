import { zodResolver } from '@hookform/resolvers/zod';
import { bulkAddTimeSchema } from '@painel/shared/schemas/users-admin';
import { Clock, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useBulkAddTime } from '@/features/users-admin/api/bulk-add-time';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { notifyFailure } from '@/lib/notify-failure';
import { numberInputProps } from '@/lib/number-input';

interface BulkTime {
  days: number;
  hours: number;
}

interface BulkAddTimeCardProps {
  /** Admin: usuarios and revendedores; reseller: its own clients. */
  scope: 'all' | 'clients';
  /** Tells the page a confirmation is open (the list stops polling). */
  onConfirmingChange: (confirming: boolean) => void;
}

const scopeText = {
  all: 'todos os usuários e revendedores',
  clients: 'todos os seus clientes',
};

const timeText = ({ days, hours }: BulkTime) =>
  [days > 0 && `${days} dia(s)`, hours > 0 && `${hours} hora(s)`].filter(Boolean).join(' e ');

/** Bulk add time (Dias, Horas): days > 0 or hours > 0, confirmed before it runs. */
export function BulkAddTimeCard({ scope, onConfirmingChange }: BulkAddTimeCardProps) {
  const bulk = useBulkAddTime();
  const [pending, setPending] = useState<BulkTime | null>(null);
  const form = useForm<z.input<typeof bulkAddTimeSchema>, unknown, z.output<typeof bulkAddTimeSchema>>({
    resolver: zodResolver(bulkAddTimeSchema),
    defaultValues: { days: 0, hours: 0 },
  });

  const confirm = (value: BulkTime | null) => {
    setPending(value);
    onConfirmingChange(value !== null);
  };

  const run = () => {
    if (!pending) return;
    bulk.mutate(pending, {
      onSuccess: ({ message, atualizados }) => {
        toast.success(message, { description: `${atualizados} usuário(s) atualizado(s).` });
        form.reset({ days: 0, hours: 0 });
      },
      onError: (error) => notifyFailure(usersAdminMessages.bulkTimeFailed, error),
      onSettled: () => confirm(null),
    });
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Clock className="size-4" aria-hidden="true" />
          Adicionar tempo em massa
        </CardTitle>
        <CardDescription>Soma dias e horas ao acesso de {scopeText[scope]}.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit(({ days, hours }) => confirm({ days, hours }))}
            noValidate
            className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[8rem_8rem_auto]"
            aria-label="Adicionar tempo em massa"
          >
            <FormField
              control={form.control}
              name="days"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Dias</FormLabel>
                  <FormControl>
                    <Input type="number" min={0} step={1} inputMode="numeric" {...numberInputProps(field)} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="hours"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Horas</FormLabel>
                  <FormControl>
                    <Input type="number" min={0} step={1} inputMode="numeric" {...numberInputProps(field)} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button
              type="submit"
              variant="outline"
              className="max-sm:col-span-2 sm:mt-[1.375rem] sm:justify-self-start"
              disabled={bulk.isPending}
            >
              {bulk.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Adicionar tempo
            </Button>
          </form>
        </Form>
      </CardContent>

      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && confirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Adicionar tempo em massa</AlertDialogTitle>
            <AlertDialogDescription>
              Adicionar {pending ? timeText(pending) : ''} ao acesso de {scopeText[scope]}?
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <Button onClick={run} disabled={bulk.isPending}>
              {bulk.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Adicionar
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
