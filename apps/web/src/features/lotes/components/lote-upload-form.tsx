import { zodResolver } from '@hookform/resolvers/zod';
import { LOTE_MAX_ROWS } from '@painel/shared/schemas/lotes';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { FileSpreadsheet, FileUp, LoaderCircle, Upload, X } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormServerError } from '@/components/form-server-error';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
} from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { lotesMessages } from '@/features/lotes/lotes-messages';
import {
  blankLoteUpload,
  type LoteUploadRequest,
  type LoteUploadValues,
  loteUploadSchema,
} from '@/features/lotes/utils/lote-upload-schema';
import { formatInteger } from '@/lib/format';
import { showServerErrors } from '@/lib/show-server-errors';
import { cn } from '@/lib/utils';

/** The modules a batch can run: those asking at least one field (maintenance ones are shown, not choosable). */
export function batchModules(modules: ModuleView[]): ModuleView[] {
  return modules.filter((module) => module.campos_entrada.length > 0);
}

/** What the first line must hold for `module`: its fields, or for a one-field module no header at all. */
export function headerHint(module: ModuleView): string {
  const names = module.campos_entrada.map((field) => field.nome);
  const first = `Primeira linha: ${names.join(', ')}`;
  return names.length === 1 ? `${first} (ou só a coluna de valores, sem cabeçalho)` : first;
}

/**
 * Where the batch's file is chosen: a 'Escolher arquivo' button (the browser's own file input names
 * its button in the browser's language) that also takes a file dropped on it, or the chosen file
 * with 'Remover arquivo'. The hidden file input beside it stays the form's field.
 */
function FileDropArea({
  file,
  disabled,
  onBrowse,
  onChoose,
  onClear,
}: {
  file: File | null;
  disabled: boolean;
  onBrowse: () => void;
  onChoose: (file: File) => void;
  onClear: () => void;
}) {
  const { error, formDescriptionId, formMessageId } = useFormField();
  const [dragging, setDragging] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the button inside is the way in for everyone
    <div
      className={cn(
        'flex min-h-11 min-w-0 flex-wrap items-center gap-2 rounded-md border border-dashed border-input px-2 py-1.5 transition-colors',
        dragging && 'border-primary bg-primary/5',
        error && 'border-destructive',
      )}
      onDragOver={(event) => {
        if (disabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = event.dataTransfer.files?.[0];
        if (dropped && !disabled) onChoose(dropped);
      }}
    >
      {file ? (
        <>
          <FileSpreadsheet className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
          <Button type="button" variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Remover arquivo
          </Button>
        </>
      ) : (
        <>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled}
            aria-label="Escolher arquivo CSV ou XLSX"
            aria-describedby={[formDescriptionId, error && formMessageId].filter(Boolean).join(' ')}
            onClick={onBrowse}
          >
            <FileUp aria-hidden="true" />
            Escolher arquivo
          </Button>
          <span className="text-sm text-muted-foreground max-sm:hidden">ou arraste-o para cá</span>
        </>
      )}
    </div>
  );
}

interface LoteUploadFormProps {
  modules: ModuleView[];
  /** The query screen's purpose fields (finalidade_id, justificativa), composed by the route. */
  purposeFields: ReactNode;
  purposeRequired: boolean;
  initialPurposeId: number | null;
  /** Sends the request; rejects with the server's error. */
  onSubmit: (request: LoteUploadRequest) => Promise<unknown>;
  busy: boolean;
}

/**
 * 'Novo lote' (docs/product/lotes.md): the module, the purpose, and a CSV or XLSX file (at most
 * 10.000 rows and 5 MB) or a pasted column. Checked here before anything is sent; the server's
 * refusal goes above the form and under each field it names.
 */
export function LoteUploadForm({
  modules,
  purposeFields,
  purposeRequired,
  initialPurposeId,
  onSubmit,
  busy,
}: LoteUploadFormProps) {
  const resolver = useMemo(() => zodResolver(loteUploadSchema({ purposeRequired })), [purposeRequired]);
  const form = useForm<LoteUploadValues, unknown, LoteUploadRequest>({
    resolver,
    defaultValues: {
      ...blankLoteUpload,
      finalidade_id: initialPurposeId === null ? '' : String(initialPurposeId),
    },
    reValidateMode: 'onSubmit',
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const moduleId = form.watch('modulo_id');
  const file = form.watch('arquivo');
  const chosen = modules.find((module) => String(module.id) === moduleId);

  const send = form.handleSubmit(async (request) => {
    try {
      await onSubmit(request);
    } catch (error) {
      showServerErrors(form, lotesMessages.quoteFailed, error);
    }
  });

  const chooseFile = (chosenFile: File) => {
    form.setValue('arquivo', chosenFile);
    form.clearErrors('arquivo');
  };

  const clearFile = () => {
    form.setValue('arquivo', null);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => (busy ? event.preventDefault() : send(event))}
        className="grid gap-4"
        aria-busy={busy}
      >
        <FormField
          control={form.control}
          name="modulo_id"
          render={({ field }) => (
            <FormItem>
              <FormLabel>
                Módulo
                <span className="text-destructive" aria-hidden="true">
                  *
                </span>
              </FormLabel>
              <FormControl>
                <NativeSelect
                  {...field}
                  aria-required
                  className="max-sm:h-11"
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('modulo_id');
                  }}
                >
                  <option value="" disabled>
                    Selecione o módulo
                  </option>
                  {modules.map((module) => (
                    <option key={module.id} value={String(module.id)} disabled={module.manutencao}>
                      {module.manutencao ? `${module.nome} (em manutenção)` : module.nome}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormDescription className="text-xs">
                {chosen ? headerHint(chosen) : 'A primeira linha do arquivo nomeia os campos do módulo.'}
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        {purposeFields}

        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            control={form.control}
            name="arquivo"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>Arquivo CSV ou XLSX</FormLabel>
                <FileDropArea
                  file={file}
                  disabled={busy}
                  onBrowse={() => fileInput.current?.click()}
                  onChoose={chooseFile}
                  onClear={clearFile}
                />
                <FormControl>
                  <input
                    ref={(element) => {
                      fileInput.current = element;
                      field.ref(element);
                    }}
                    name={field.name}
                    onBlur={field.onBlur}
                    type="file"
                    tabIndex={-1}
                    className="sr-only"
                    accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    onChange={(event) => {
                      const chosenFile = event.target.files?.[0];
                      if (chosenFile) chooseFile(chosenFile);
                    }}
                  />
                </FormControl>
                <FormDescription className="text-xs">
                  Até {formatInteger(LOTE_MAX_ROWS)} linhas e 5 MB.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />

          <FormField
            control={form.control}
            name="texto"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>Ou cole uma coluna de valores</FormLabel>
                <FormControl>
                  <Textarea
                    {...field}
                    rows={4}
                    disabled={file !== null}
                    spellCheck={false}
                    placeholder={'Um valor por linha\n111.444.777-35\n529.982.247-25'}
                    className="font-mono text-sm"
                    onChange={(event) => {
                      field.onChange(event);
                      form.clearErrors('arquivo');
                    }}
                  />
                </FormControl>
                <FormDescription className="text-xs">
                  {file ? 'O arquivo escolhido será enviado no lugar do texto.' : 'Um valor por linha.'}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>

        <FormServerError form={form} />

        <Button type="submit" disabled={busy} className="w-full sm:w-fit">
          {busy ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Upload aria-hidden="true" />
          )}
          {busy ? 'Enviando...' : 'Enviar e cotar'}
        </Button>
      </form>
    </Form>
  );
}
