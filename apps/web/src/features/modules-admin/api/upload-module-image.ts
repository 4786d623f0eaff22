import { errorBodySchema } from '@painel/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { API_BASE, ApiError, INVALID_RESPONSE, NETWORK_ERROR } from '@/lib/api-client';
import { getSession } from '@/lib/session';

/** What the upload accepts (decisions.md §8); the server checks the content, this only saves a trip. */
export const MODULE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'];
export const MODULE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const uploadResponseSchema = z.object({ imageUrl: z.string().min(1) });

/**
 * POST /upload/module-image as multipart (field 'image'). apiRequest only sends JSON, so this is
 * the one call that builds its own request; it sends the same bearer token, and any session
 * ending it meets is handled by the next apiRequest (the list refresh that follows).
 */
export async function uploadModuleImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const token = getSession()?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/upload/module-image`, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, moduleAdminMessages.uploadFailed);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(payload);
    throw new ApiError(
      response.status,
      error.success ? error.data.code : `HTTP_${response.status}`,
      (error.success && error.data.error) || moduleAdminMessages.uploadFailed,
    );
  }
  const parsed = uploadResponseSchema.safeParse(payload);
  if (!parsed.success)
    throw new ApiError(response.status, INVALID_RESPONSE, moduleAdminMessages.uploadFailed);
  return parsed.data.imageUrl;
}

export function useUploadModuleImage() {
  return useMutation({ mutationFn: uploadModuleImage });
}
