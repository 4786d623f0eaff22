import { zodResolver } from '@hookform/resolvers/zod';
import {
  currentMonthPeriod,
  previousMonthPeriod,
  type RecordsPeriod,
  recordsPeriodSchema,
} from '@painel/shared/schemas/records';
import { CalendarSearch } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type PeriodValues = z.input<typeof recordsPeriodSchema>;

interface RecordsPeriodFormProps {
  /** The period the record on screen covers: the fields show it until the user edits them. */
  period: RecordsPeriod;
  onApply: (period: RecordsPeriod) => void;
  busy: boolean;
}

/**
 * 'Data inicial', 'Data final' and 'Aplicar', checked by the server's own period schema (required,
 * start not after end, at most 366 days), and the shortcuts 'Mês atual' and 'Mês anterior'.
 */
export function RecordsPeriodForm({ period, onApply, busy }: RecordsPeriodFormProps) {
  const form = useForm<PeriodValues, unknown, RecordsPeriod>({
    resolver: zodResolver(recordsPeriodSchema),
    defaultValues: period,
  });
  const { reset } = form;
  useEffect(() => {
    reset({ de: period.de, ate: period.ate });
  }, [period.de, period.ate, reset]);

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onApply)}
        noValidate
        aria-label="Período"
        className="grid items-start gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto]"
      >
        {(['de', 'ate'] as const).map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{name === 'de' ? 'Data inicial' : 'Data final'}</FormLabel>
                <FormControl>
                  <Input type="date" {...field} value={typeof field.value === 'string' ? field.value : ''} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <Button type="submit" disabled={busy} className="self-end max-sm:w-full sm:col-span-2 lg:col-span-1">
          <CalendarSearch aria-hidden="true" />
          Aplicar
        </Button>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="button" variant="outline" size="sm" onClick={() => onApply(currentMonthPeriod())}>
            Mês atual
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => onApply(previousMonthPeriod())}>
            Mês anterior
          </Button>
        </div>
      </form>
    </Form>
  );
}
