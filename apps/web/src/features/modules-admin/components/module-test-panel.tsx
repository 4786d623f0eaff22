import type { ModuleView } from '@painel/shared/schemas/modules';
import { FlaskConical, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTestModule } from '@/features/modules-admin/api/test-module';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/**
 * 'Testar': runs the saved module once against its provider with sample input and shows the
 * raw answer and its latency. Nobody is charged and no consulta is recorded.
 */
export function ModuleTestPanel({ module }: { module: ModuleView }) {
  const test = useTestModule();
  const [input, setInput] = useState<Record<string, string>>({});
  const baseId = useId();
  const fieldErrors = test.error instanceof ApiError ? test.error.fields : {};

  const run = () => test.mutate({ id: module.id, input });
  const result = test.data;

  return (
    <section aria-labelledby={`${baseId}-title`} className="grid gap-3 rounded-md border bg-muted/40 p-4">
      <div className="grid gap-1">
        <h3 id={`${baseId}-title`} className="flex items-center gap-2 text-sm font-medium">
          <FlaskConical className="size-4" aria-hidden="true" />
          Testar módulo
        </h3>
        <p className="text-xs text-muted-foreground">
          Chama o provedor uma vez com a configuração salva, sem cobrar ninguém e sem registrar consulta.
          Salve as alterações antes para testá-las.
        </p>
      </div>
      {module.campos_entrada.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {module.campos_entrada.map((field) => {
            const id = `${baseId}-${field.nome}`;
            const error = fieldErrors[`input.${field.nome}`];
            return (
              <div key={field.nome} className="grid gap-1.5">
                <Label htmlFor={id}>
                  {field.nome}
                  {field.obrigatorio && <span className="text-destructive">*</span>}
                </Label>
                <Input
                  id={id}
                  placeholder={field.mascara ?? undefined}
                  inputMode={field.tipo === 'number' || field.mascara ? 'numeric' : undefined}
                  value={input[field.nome] ?? ''}
                  aria-invalid={Boolean(error)}
                  onChange={(event) =>
                    setInput((current) => ({ ...current, [field.nome]: event.target.value }))
                  }
                  onKeyDown={(event) => {
                    // Inside the edit form: Enter tests, it does not save.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      run();
                    }
                  }}
                />
                {error && <p className="text-sm text-destructive">{error}</p>}
              </div>
            );
          })}
        </div>
      )}
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={run} disabled={test.isPending}>
          {test.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <FlaskConical aria-hidden="true" />
          )}
          Testar
        </Button>
      </div>
      {test.isError && Object.keys(fieldErrors).length === 0 && (
        <p role="alert" className="text-sm text-destructive">
          {test.error.message}
        </p>
      )}
      {result && (
        <div className="grid gap-2" data-testid="module-test-result">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge
              className={cn(
                'border-transparent',
                result.ok ? 'bg-success/15 text-success' : 'bg-destructive/15 text-destructive',
              )}
            >
              {result.ok ? 'Sucesso' : 'Falha'}
            </Badge>
            <span>
              Latência: <span className="font-medium tabular-nums">{result.latencia_ms} ms</span>
            </span>
            {result.status_code !== undefined && <span>HTTP {result.status_code}</span>}
            {result.codigo && (
              <span className="font-mono text-xs text-muted-foreground">{result.codigo}</span>
            )}
          </div>
          {result.erro && <p className="text-sm text-destructive">{result.erro}</p>}
          {result.ok && (
            <pre
              // The answer can be long: it scrolls, so it must be reachable by keyboard.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region
              tabIndex={0}
              className="max-h-80 overflow-auto rounded-md border bg-card p-3 font-mono text-xs"
            >
              {JSON.stringify(result.resposta, null, 2)}
            </pre>
          )}
        </div>
      )}
    </section>
  );
}
