/**
 * A lookup result as plain text, each value written as the result view writes it (documents,
 * phones (a DDD and its number joined, joinPhoneEntries), CEPs, money and dates by the key they
 * sit under, formatFieldValue): the 'Copiar' text (docs/product/lookups.md#copy-print-and-pdf: score blocks, a
 * primitive summary nested up to 2 levels, and the full JSON) and the outline the PDF prints.
 */
import { type LegalBasis, legalBasisText } from './legal-bases.ts';
import { joinPhoneEntries } from './phone-entries.ts';
import { fieldLabel, formatFieldValue, formatIsoDate, isIsoDate } from './result-display.ts';
import { isObject, type JsonObject, readField, readList, readText } from './result-fields.ts';

type Primitive = string | number | boolean | null;

const isPrimitive = (value: unknown): value is Primitive =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A primitive as the panel shows it: pt-BR numbers and dates, Sim/Não, '-' for empty. */
export function displayPrimitive(value: Primitive | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return numberFormat.format(value);
  return isIsoDate(value) ? formatIsoDate(value) : value;
}

const SCORE_BLOCKS = [
  ['analytics', 'Analytics'],
  ['serasa', 'Serasa'],
] as const;

/** The score lines of the two analytics blocks, when the result has them. */
export function scoreBlockLines(root: unknown): string[] {
  const lines: string[] = [];
  for (const [field, title] of SCORE_BLOCKS) {
    const block = readField(root, field);
    if (!isObject(block)) continue;
    lines.push(`[${title}]`);
    for (const score of readList(block, 'scores')) {
      const faixa = readText(score, 'faixa');
      const descricao = readText(score, 'descricao');
      lines.push(
        `${readText(score, 'modelo') || 'Score'}: ${readText(score, 'score') || '-'}${faixa ? ` (${faixa})` : ''}${descricao ? ` - ${descricao}` : ''}`,
      );
    }
  }
  return lines;
}

/** 'path: value' for every primitive of the result, descending into objects up to 2 levels deep. */
export function primitiveSummaryLines(root: unknown, maxDepth = 2): string[] {
  const lines: string[] = [];
  const walk = (object: JsonObject, path: string[], depth: number) => {
    for (const [key, value] of joinPhoneEntries(Object.entries(object))) {
      if (key.startsWith('_')) continue;
      if (isPrimitive(value))
        lines.push(`${[...path, fieldLabel(key)].join(' > ')}: ${formatFieldValue(key, value)}`);
      else if (isObject(value) && depth < maxDepth) walk(value, [...path, fieldLabel(key)], depth + 1);
    }
  };
  if (isObject(root)) walk(root, [], 0);
  return lines;
}

export interface CopyTextContext {
  moduleName: string;
  /** When the result was issued. */
  issuedAt: Date;
  /** The lookup's purpose (docs/product/purposes.md); none for lookups from before purposes. */
  purpose?: { nome: string; base_legal: LegalBasis } | null;
  justification?: string | null;
}

const issuedFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

export function formatIssuedAt(date: Date): string {
  return issuedFormat.format(date);
}

/**
 * The header of the copied, printed and PDF result: module, issue time, then the purpose, its
 * legal basis and the justification when the lookup has them.
 */
export function resultHeaderLines(context: CopyTextContext): string[] {
  return [
    `Módulo: ${context.moduleName}`,
    `Emitido em: ${formatIssuedAt(context.issuedAt)}`,
    ...(context.purpose
      ? [`Finalidade: ${context.purpose.nome}`, `Base legal: ${legalBasisText(context.purpose.base_legal)}`]
      : []),
    ...(context.justification ? [`Justificativa: ${context.justification}`] : []),
  ];
}

/** The 'Copiar' text: header, score blocks, primitive summary, full JSON. */
export function buildCopyText(retorno: unknown, context: CopyTextContext): string {
  const parts = ['RESULTADO DA CONSULTA', ...resultHeaderLines(context)];
  const scores = scoreBlockLines(retorno);
  if (scores.length > 0) parts.push('', '== SCORES ==', ...scores);
  const summary = primitiveSummaryLines(retorno);
  if (summary.length > 0) parts.push('', '== RESUMO ==', ...summary);
  parts.push('', '== JSON COMPLETO ==', JSON.stringify(retorno, null, 2));
  return parts.join('\n');
}

/** The copy text, or plain JSON when building it fails (docs/product/lookups.md#copy-print-and-pdf). */
export function copyTextOrJson(retorno: unknown, context: CopyTextContext): string {
  try {
    return buildCopyText(retorno, context);
  } catch {
    try {
      return JSON.stringify(retorno, null, 2) ?? String(retorno);
    } catch {
      return String(retorno);
    }
  }
}

export interface OutlineLine {
  /** 0 for top-level headings, 1+ nested. */
  level: number;
  kind: 'heading' | 'field' | 'item';
  text: string;
}

function itemLine(item: unknown): string {
  if (isPrimitive(item)) return displayPrimitive(item);
  if (Array.isArray(item)) return item.map((child) => itemLine(child)).join(', ');
  if (!isObject(item)) return '';
  return joinPhoneEntries(Object.entries(item))
    .filter(([key, value]) => !key.startsWith('_') && value !== null && value !== '')
    .map(
      ([key, value]) =>
        `${fieldLabel(key)}: ${isPrimitive(value) ? formatFieldValue(key, value) : itemLine(value)}`,
    )
    .join(' | ');
}

/** The whole result as an outline of headings, 'Campo: valor' lines and one line per list item. */
export function resultOutline(root: unknown): OutlineLine[] {
  const lines: OutlineLine[] = [];
  const walk = (object: JsonObject, level: number) => {
    for (const [key, value] of joinPhoneEntries(Object.entries(object))) {
      if (key.startsWith('_')) continue;
      const label = fieldLabel(key);
      if (isPrimitive(value))
        lines.push({ level, kind: 'field', text: `${label}: ${formatFieldValue(key, value)}` });
      else if (Array.isArray(value)) {
        if (value.every(isPrimitive)) {
          lines.push({
            level,
            kind: 'field',
            text: `${label}: ${value.map((item) => formatFieldValue(key, item)).join(', ') || '-'}`,
          });
        } else {
          lines.push({ level, kind: 'heading', text: `${label} (${value.length} item(s))` });
          for (const item of value) lines.push({ level: level + 1, kind: 'item', text: itemLine(item) });
        }
      } else if (isObject(value)) {
        lines.push({ level, kind: 'heading', text: label });
        walk(value, level + 1);
      }
    }
  };
  if (isObject(root)) walk(root, 0);
  else if (Array.isArray(root)) walk({ resultados: root }, 0);
  else
    lines.push({ level: 0, kind: 'field', text: displayPrimitive(isPrimitive(root) ? root : String(root)) });
  return lines;
}
