import {
  type CreateModuleInput,
  createModuleSchema,
  LIMIT_TYPES,
  MODULE_DEFAULTS,
  type ModuleView,
  updateModuleSchema,
} from '@painel/shared/schemas/modules';
import { z } from 'zod';

import type { UpdateModuleBody } from '@/features/modules-admin/api/update-module';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';

/**
 * The create form and the edit dialog validate with the very schemas the server uses
 * (createModuleSchema / updateModuleSchema); only the secret headers have a form shape of their
 * own (rows), checked with the server's header rule and turned back into its map on submit.
 */
export type ModuleFormMode = 'create' | 'edit';

const headerRowSchema = z.object({
  nome: z.string().trim(),
  valor: z.string(),
  /** Already stored on the server (headers_definidos): its value is never shown. */
  definido: z.boolean(),
  remover: z.boolean(),
});
export type HeaderRow = z.infer<typeof headerRowSchema>;

const serverHeaders = createModuleSchema.shape.headers;

const headerRowsSchema = z.array(headerRowSchema).superRefine((rows, context) => {
  rows.forEach((row, index) => {
    if (row.definido) return;
    if (row.nome === '' && row.valor === '') return;
    if (row.nome === '') {
      context.addIssue({ code: 'custom', path: [index, 'nome'], message: 'Campo obrigatório' });
    } else if (!serverHeaders.safeParse({ [row.nome]: 'x' }).success) {
      context.addIssue({
        code: 'custom',
        path: [index, 'nome'],
        message: moduleAdminMessages.headerNameInvalid,
      });
    }
    if (row.valor === '') {
      context.addIssue({ code: 'custom', path: [index, 'valor'], message: 'Campo obrigatório' });
    }
  });
});

export function moduleFormSchema(mode: ModuleFormMode) {
  return z.object({
    nome: createModuleSchema.shape.nome,
    // Required on create, optional on edit (docs/product/modules.md#module-fields).
    descricao:
      mode === 'create' ? createModuleSchema.shape.descricao : updateModuleSchema.shape.descricao.unwrap(),
    api_url: createModuleSchema.shape.api_url,
    tipo_limite: z.enum(LIMIT_TYPES),
    preco_por_consulta: updateModuleSchema.shape.preco_por_consulta.unwrap(),
    timeout_segundos: updateModuleSchema.shape.timeout_segundos.unwrap(),
    limite_padrao_quantidade: updateModuleSchema.shape.limite_padrao_quantidade.unwrap(),
    imagem_url: updateModuleSchema.shape.imagem_url.unwrap(),
    campos_entrada: updateModuleSchema.shape.campos_entrada.unwrap(),
    headers: headerRowsSchema,
    mascarar_por_padrao: updateModuleSchema.shape.mascarar_por_padrao.unwrap(),
  });
}

export type ModuleFormInput = z.input<ReturnType<typeof moduleFormSchema>>;
export type ModuleFormOutput = z.output<ReturnType<typeof moduleFormSchema>>;

export function emptyModuleForm(): ModuleFormInput {
  return {
    nome: '',
    descricao: '',
    api_url: '',
    tipo_limite: 'quantidade',
    preco_por_consulta: MODULE_DEFAULTS.precoPorConsulta,
    timeout_segundos: MODULE_DEFAULTS.timeoutSegundos,
    limite_padrao_quantidade: MODULE_DEFAULTS.limitePadraoQuantidade,
    imagem_url: null,
    campos_entrada: [],
    headers: [],
    mascarar_por_padrao: false,
  };
}

export function moduleToForm(module: ModuleView): ModuleFormInput {
  return {
    nome: module.nome,
    descricao: module.descricao,
    api_url: module.api_url ?? '',
    tipo_limite: module.tipo_limite,
    preco_por_consulta: module.preco_por_consulta,
    timeout_segundos: module.timeout_segundos,
    limite_padrao_quantidade: module.limite_padrao_quantidade,
    imagem_url: module.imagem_url,
    campos_entrada: module.campos_entrada.map((field) => ({ ...field, mascara: field.mascara ?? '' })),
    headers: (module.headers_definidos ?? []).map((nome) => ({
      nome,
      valor: '',
      definido: true,
      remover: false,
    })),
    // Servers from before the setting do not send it: it was off.
    mascarar_por_padrao: module.mascarar_por_padrao ?? false,
  };
}

/** Rows back to the server's map: a value sets, null removes, a stored name left alone is absent. */
export function headersToBody(rows: HeaderRow[]): Record<string, string | null> {
  const headers: Record<string, string | null> = {};
  for (const row of rows) {
    if (row.definido && row.remover) headers[row.nome] = null;
    else if (row.nome !== '' && row.valor !== '') headers[row.nome] = row.valor;
  }
  return headers;
}

export function formToCreateBody(values: ModuleFormOutput): CreateModuleInput {
  return { ...values, headers: headersToBody(values.headers) };
}

export function formToUpdateBody(values: ModuleFormOutput): UpdateModuleBody {
  return { ...values, headers: headersToBody(values.headers) };
}
