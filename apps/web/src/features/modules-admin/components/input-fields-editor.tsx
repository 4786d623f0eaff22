import { FIELD_TYPES, fieldTypeLabels } from '@painel/shared/schemas/modules';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import type { ModuleFormInput } from '@/features/modules-admin/utils/module-form-schema';

/** 'text' is an older spelling of 'string'; it is offered only to a field that already uses it. */
const offeredTypes = FIELD_TYPES.filter((type) => type !== 'text');

/** campos_entrada: one row per input the upstream needs (nome, tipo, obrigatório, máscara). */
export function InputFieldsEditor() {
  const { control, register, formState } = useFormContext<ModuleFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'campos_entrada' });
  const baseId = useId();
  const errors = formState.errors.campos_entrada;
  const listError = errors?.root?.message ?? errors?.message;

  return (
    <fieldset className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="text-sm font-medium">Campos de entrada</legend>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => append({ nome: '', tipo: 'string', obrigatorio: true, mascara: '' })}
        >
          <Plus aria-hidden="true" />
          Adicionar campo
        </Button>
      </div>

      {fields.length === 0 && (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {moduleAdminMessages.noInputFields}
        </p>
      )}

      {fields.map((field, index) => {
        const id = `${baseId}-${index}`;
        const rowErrors = errors?.[index];
        return (
          <div
            key={field.id}
            data-testid="input-field-row"
            className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_8rem_auto_1fr_auto] sm:items-start"
          >
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-nome`}>Nome do campo</Label>
              <Input
                id={`${id}-nome`}
                placeholder="Ex.: cpf"
                aria-invalid={Boolean(rowErrors?.nome)}
                {...register(`campos_entrada.${index}.nome`)}
              />
              {rowErrors?.nome && <p className="text-sm text-destructive">{rowErrors.nome.message}</p>}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-tipo`}>Tipo</Label>
              <Controller
                control={control}
                name={`campos_entrada.${index}.tipo`}
                render={({ field: typeField }) => (
                  <NativeSelect
                    id={`${id}-tipo`}
                    value={typeField.value ?? 'string'}
                    onChange={(event) => typeField.onChange(event.target.value)}
                    onBlur={typeField.onBlur}
                  >
                    {(typeField.value === 'text' ? FIELD_TYPES : offeredTypes).map((type) => (
                      <option key={type} value={type}>
                        {fieldTypeLabels[type]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              />
            </div>
            <div className="flex items-center gap-2 sm:h-full sm:pt-6">
              <Controller
                control={control}
                name={`campos_entrada.${index}.obrigatorio`}
                render={({ field: requiredField }) => (
                  <Checkbox
                    id={`${id}-obrigatorio`}
                    checked={requiredField.value ?? false}
                    onCheckedChange={(checked) => requiredField.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor={`${id}-obrigatorio`} className="font-normal">
                Obrigatório
              </Label>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-mascara`}>Máscara</Label>
              <Input
                id={`${id}-mascara`}
                placeholder="Ex.: 000.000.000-00"
                aria-invalid={Boolean(rowErrors?.mascara)}
                {...register(`campos_entrada.${index}.mascara`)}
              />
              {rowErrors?.mascara && <p className="text-sm text-destructive">{rowErrors.mascara.message}</p>}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="text-destructive hover:text-destructive sm:mt-6"
              aria-label={`Remover campo ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        );
      })}

      <p className="text-xs text-muted-foreground" data-testid="mask-help">
        Na máscara, 0 é um dígito, A é uma letra ou um dígito (letras viram maiúsculas) e os outros caracteres
        são fixos (ex.: 000.000.000-00, AA.AAA.AAA/AAAA-00); o valor vai ao provedor sem os caracteres fixos.
        Os tipos de documento (CPF, CNPJ, Placa…) já trazem máscara e validação.
      </p>
      {listError && <p className="text-sm text-destructive">{listError}</p>}
    </fieldset>
  );
}
