import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { canonicalDocument } from '@painel/shared/rules/titular-documents';
import { TITULAR_DOCUMENT_MAX } from '@painel/shared/schemas/titulares';
import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { titularesMessages } from '@/features/titulares-admin/titulares-messages';

/** The text as typed, accepted when it reads as a CPF or CNPJ by the server's own rule. */
const searchSchema = z.object({
  documento: z
    .string()
    .max(TITULAR_DOCUMENT_MAX, messages.titularDocumentInvalid)
    .refine((text) => canonicalDocument(text) !== null, messages.titularDocumentInvalid),
});
type SearchValues = z.infer<typeof searchSchema>;

interface TitularSearchFormProps {
  onSearch: (documento: string) => void;
  busy: boolean;
  /** The server's reason for refusing the document (400 `fields.documento`), shown under the field. */
  serverError?: string;
}

/** 'CPF ou CNPJ do titular' (any punctuation, no mask to fight) and 'Buscar'. */
export function TitularSearchForm({ onSearch, busy, serverError }: TitularSearchFormProps) {
  const form = useForm<SearchValues>({
    resolver: zodResolver(searchSchema),
    defaultValues: { documento: '' },
  });
  const { setError } = form;
  useEffect(() => {
    if (serverError) setError('documento', { message: serverError }, { shouldFocus: true });
  }, [serverError, setError]);

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(({ documento }) => onSearch(documento.trim()))}
        noValidate
        aria-label="Buscar titular"
        className="grid items-start gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[1fr_auto]"
      >
        <FormField
          control={form.control}
          name="documento"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{titularesMessages.documentLabel}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  inputMode="text"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={TITULAR_DOCUMENT_MAX}
                  placeholder="000.000.000-00"
                />
              </FormControl>
              <FormDescription>{titularesMessages.documentHint}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" disabled={busy} className="max-sm:w-full sm:mt-[1.375rem]">
          <Search aria-hidden="true" />
          {titularesMessages.search}
        </Button>
      </form>
    </Form>
  );
}
