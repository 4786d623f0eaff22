import { zodResolver } from '@hookform/resolvers/zod';
import { metricsFiltersSchema } from '@painel/shared/schemas/metrics';
import { Filter } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { AppliedMetricsFilters } from '@/features/metrics/api/get-metrics';
import { useResellers } from '@/features/metrics/api/get-resellers';

/** The inputs hold strings ('' when empty); the server's own filter schema checks them. */
type FilterValues = z.input<typeof metricsFiltersSchema>;
type FilterOutput = z.output<typeof metricsFiltersSchema>;
const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

interface MetricsFiltersProps {
  /** Only the admin filters by reseller (docs/product/admin.md#metrics). */
  canFilterByReseller: boolean;
  /** The period the figures cover (the server's default when no date was given): shown in the date fields. */
  period?: { startDate: string; endDate: string } | undefined;
  onApply: (filters: AppliedMetricsFilters) => void;
  busy: boolean;
}

/** Data Início, Data Fim, Revendedor (admin only) and 'Aplicar Filtros'. */
export function MetricsFilters({ canFilterByReseller, period, onApply, busy }: MetricsFiltersProps) {
  const resellers = useResellers({ enabled: canFilterByReseller });
  const form = useForm<FilterValues, unknown, FilterOutput>({
    resolver: zodResolver(metricsFiltersSchema),
    defaultValues: { startDate: '', endDate: '', revendedorId: '' },
  });
  // The fields show the period that applies; what the user is typing is left alone.
  const { setValue, getFieldState } = form;
  const shownStart = period?.startDate;
  const shownEnd = period?.endDate;
  useEffect(() => {
    if (shownStart && !getFieldState('startDate').isDirty) setValue('startDate', shownStart);
    if (shownEnd && !getFieldState('endDate').isDirty) setValue('endDate', shownEnd);
  }, [shownStart, shownEnd, setValue, getFieldState]);

  const submit = form.handleSubmit(({ startDate, endDate, revendedorId }) =>
    onApply({
      ...(startDate ? { startDate } : {}),
      ...(endDate ? { endDate } : {}),
      ...(canFilterByReseller && revendedorId !== undefined ? { revendedorId } : {}),
    }),
  );

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Filtros"
        className={`grid items-start gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 ${
          canFilterByReseller ? 'lg:grid-cols-[1fr_1fr_1.4fr_auto]' : 'lg:grid-cols-[1fr_1fr_auto]'
        }`}
      >
        <FormField
          control={form.control}
          name="startDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Data Início</FormLabel>
              <FormControl>
                <Input type="date" {...field} value={asText(field.value)} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="endDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Data Fim</FormLabel>
              <FormControl>
                <Input type="date" {...field} value={asText(field.value)} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {canFilterByReseller && (
          <FormField
            control={form.control}
            name="revendedorId"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Revendedor</FormLabel>
                <FormControl>
                  <NativeSelect
                    {...field}
                    value={asText(field.value)}
                    disabled={resellers.isPending && !resellers.isError}
                  >
                    <option value="">Todos</option>
                    {resellers.data?.map((reseller) => (
                      <option key={reseller.id} value={reseller.id}>
                        {reseller.nome} ({reseller.email})
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                {resellers.isError && <p className="text-sm text-destructive">{resellers.error.message}</p>}
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <Button type="submit" disabled={busy} className="self-end max-sm:w-full sm:col-span-2 lg:col-span-1">
          <Filter aria-hidden="true" />
          Aplicar Filtros
        </Button>
      </form>
    </Form>
  );
}
