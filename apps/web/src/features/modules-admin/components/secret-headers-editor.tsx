import { KeyRound, Plus, Trash2, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ModuleFormInput } from '@/features/modules-admin/utils/module-form-schema';

/**
 * Per-module secret headers (a provider's token). Write-only: stored names show as 'definido'
 * and can get a new value or be removed; a stored value is never shown or sent back.
 */
export function SecretHeadersEditor() {
  const { control, register, watch, setValue, formState } = useFormContext<ModuleFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'headers' });
  const rows = watch('headers');
  const baseId = useId();

  return (
    <fieldset className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="text-sm font-medium">Cabeçalhos secretos</legend>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => append({ nome: '', valor: '', definido: false, remover: false })}
        >
          <Plus aria-hidden="true" />
          Adicionar cabeçalho
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Enviados ao provedor em toda consulta (ex.: Authorization). Os valores ficam só no servidor e nunca
        são exibidos.
      </p>

      {fields.map((field, index) => {
        const id = `${baseId}-${index}`;
        const row = rows?.[index];
        const rowErrors = formState.errors.headers?.[index];
        if (field.definido) {
          const removing = row?.remover ?? false;
          return (
            <div
              key={field.id}
              data-testid="secret-header-row"
              className="grid gap-2 rounded-md border p-3 sm:grid-cols-[minmax(8rem,auto)_1fr_auto] sm:items-center"
            >
              <div className="flex items-center gap-2">
                <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className={removing ? 'font-mono text-sm line-through' : 'font-mono text-sm'}>
                  {field.nome}
                </span>
                <Badge variant="secondary">{removing ? 'será removido' : 'definido'}</Badge>
              </div>
              <Input
                type="password"
                autoComplete="off"
                aria-label={`Novo valor de ${field.nome}`}
                placeholder="Novo valor (em branco mantém o atual)"
                disabled={removing}
                {...register(`headers.${index}.valor`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setValue(`headers.${index}.remover`, !removing, { shouldDirty: true })}
              >
                {removing ? <Undo2 aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                {removing ? 'Manter' : 'Remover'}
              </Button>
            </div>
          );
        }
        return (
          <div
            key={field.id}
            data-testid="secret-header-row"
            className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
          >
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-nome`}>Cabeçalho</Label>
              <Input
                id={`${id}-nome`}
                placeholder="Ex.: Authorization"
                autoComplete="off"
                aria-invalid={Boolean(rowErrors?.nome)}
                {...register(`headers.${index}.nome`)}
              />
              {rowErrors?.nome && <p className="text-sm text-destructive">{rowErrors.nome.message}</p>}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-valor`}>Valor</Label>
              <Input
                id={`${id}-valor`}
                type="password"
                autoComplete="off"
                aria-invalid={Boolean(rowErrors?.valor)}
                {...register(`headers.${index}.valor`)}
              />
              {rowErrors?.valor && <p className="text-sm text-destructive">{rowErrors.valor.message}</p>}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="text-destructive hover:text-destructive sm:mt-6"
              aria-label={`Remover cabeçalho ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        );
      })}
    </fieldset>
  );
}
