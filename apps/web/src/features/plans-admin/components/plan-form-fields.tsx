import { useFormContext } from 'react-hook-form';

import { FormInputField } from '@/components/form-input-field';
import {
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
import {
  durationUnitLabels,
  type PlanFormInput,
  type PlanFormOutput,
} from '@/features/plans-admin/utils/plan-form-schema';
import { numberInputProps } from '@/lib/number-input';
import { cn } from '@/lib/utils';

/** A number input whose empty state is NaN, so zod answers with the field's own message. */
interface PlanFormFieldsProps {
  /** The create form sets the initial state; in the table the row's switch does it. */
  withActive?: boolean;
  /** Narrow places (the inline edit on a phone) stack every field. */
  className?: string;
}

/** Every field of docs/product/plans-and-payments.md#plans, for the create form and the inline edit alike. */
export function PlanFormFields({ withActive = false, className }: PlanFormFieldsProps) {
  const { control } = useFormContext<PlanFormInput, unknown, PlanFormOutput>();

  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', className)}>
      <FormInputField
        control={control}
        name="name"
        label="Nome"
        placeholder="Ex.: Plano Mensal"
        autoComplete="off"
      />
      <FormInputField
        control={control}
        name="price"
        label="Preço (R$)"
        inputMode="decimal"
        placeholder="Ex.: 29,90"
        autoComplete="off"
      />
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3">
        <FormField
          control={control}
          name="duration_value"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Duração</FormLabel>
              <FormControl>
                <Input type="number" inputMode="numeric" min={1} step={1} {...numberInputProps(field)} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="duration_unit"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Unidade</FormLabel>
              <FormControl>
                <NativeSelect {...field}>
                  {Object.entries(durationUnitLabels).map(([unit, label]) => (
                    <option key={unit} value={unit}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={control}
        name="allowed_concurrent_ips"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Acessos simultâneos (IPs)</FormLabel>
            <FormControl>
              <Input type="number" inputMode="numeric" min={1} step={1} {...numberInputProps(field)} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="description"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>Descrição (opcional)</FormLabel>
            <FormControl>
              <Textarea rows={2} placeholder="Ex.: para quem faz consultas todos os dias" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="benefits"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>Benefícios</FormLabel>
            <FormControl>
              <Textarea
                rows={4}
                placeholder={'Ex.:\nConsultas ilimitadas\nSuporte por WhatsApp'}
                {...field}
              />
            </FormControl>
            <FormDescription>Um por linha; linhas em branco são ignoradas.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      {withActive && (
        <FormField
          control={control}
          name="active"
          render={({ field }) => (
            <FormItem className="flex items-center gap-3 sm:col-span-2">
              <FormControl>
                <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
              </FormControl>
              <FormLabel className="font-normal">Ativo (oferecido em /planos)</FormLabel>
            </FormItem>
          )}
        />
      )}
    </div>
  );
}
