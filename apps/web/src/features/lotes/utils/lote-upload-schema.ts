import { messages } from '@painel/shared/messages';
import { justificationSchema, lookupPurposeIdSchema } from '@painel/shared/schemas/finalidades';
import { LOTE_MAX_BYTES } from '@painel/shared/schemas/lotes';
import { z } from 'zod';

import { lotesMessages } from '@/features/lotes/lotes-messages';

/** What the upload form holds. `finalidade_id` and `justificativa` are named as the query form's, so its purpose fields fit here. */
export interface LoteUploadValues {
  modulo_id: string;
  arquivo: File | null;
  texto: string;
  finalidade_id: string;
  justificativa: string;
}

/** What the form sends as multipart: the file, or else the pasted text. */
export interface LoteUploadRequest {
  modulo_id: number;
  arquivo: File | null;
  texto: string | null;
  finalidade_id: number | null;
  justificativa: string | null;
}

export const blankLoteUpload: LoteUploadValues = {
  modulo_id: '',
  arquivo: null,
  texto: '',
  finalidade_id: '',
  justificativa: '',
};

const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx'];

/** Why a chosen file cannot be sent, or null: the server checks the same (type by name, 5 MB). */
export function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return messages.loteFileType;
  if (file.size > LOTE_MAX_BYTES) return messages.loteFileTooLarge;
  return null;
}

/**
 * The upload form's checks before anything is sent: a module, a file (CSV or XLSX, at most 5 MB)
 * or a pasted column, and the purpose under the query form's rules.
 */
export function loteUploadSchema({ purposeRequired }: { purposeRequired: boolean }) {
  return z
    .object({
      modulo_id: z
        .string()
        .refine((value) => value !== '', lotesMessages.moduleRequired)
        .transform(Number),
      arquivo: z.instanceof(File).nullable(),
      texto: z.string().transform((text) => (text.trim() === '' ? null : text)),
      finalidade_id: z
        .string()
        .transform((value): string | number | null | undefined => (value === '' ? null : Number(value)))
        .pipe(lookupPurposeIdSchema)
        .refine((id) => !purposeRequired || typeof id === 'number', messages.purposeRequired)
        .transform((id) => id ?? null),
      justificativa: z
        .string()
        .transform((text): string | null | undefined => text)
        .pipe(justificationSchema)
        .transform((text) => text ?? null),
    })
    .superRefine((values, context) => {
      if (values.arquivo) {
        const problem = fileProblem(values.arquivo);
        if (problem) context.addIssue({ code: 'custom', path: ['arquivo'], message: problem });
      } else if (values.texto === null) {
        context.addIssue({ code: 'custom', path: ['arquivo'], message: messages.loteFileRequired });
      }
    })
    .transform(
      (values): LoteUploadRequest => ({
        ...values,
        // A chosen file wins; the text box is locked while one is chosen.
        texto: values.arquivo ? null : values.texto,
      }),
    );
}
