import { messages } from '@painel/shared/messages';
import { hasUnstorableCharacters } from '@painel/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../lib/app-error.ts';

/** The first text (value or key) holding an unstorable character, as a field path, or null. */
function unstorableField(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasUnstorableCharacters(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasUnstorableCharacters(key)) return path || '_';
    const found = unstorableField(item, itemPath);
    if (found) return found;
  }
  return null;
}

/**
 * The safety net behind the schemas (docs/decisions/0010-bad-input-at-the-edge.md): after
 * validation, which may already have refused such text with the field's message or cleaned it,
 * no path parameter, query or body holding U+0000 or a lone surrogate reaches a handler, on any
 * route, whatever its schema forgot.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const field =
      unstorableField(request.params, '') ??
      unstorableField(request.query, '') ??
      unstorableField(request.body, '');
    if (field) throw validationError({ [field]: messages.invalidCharacters });
  });
}
