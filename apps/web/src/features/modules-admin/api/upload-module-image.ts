import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** What the upload accepts (docs/product/uploads.md#accepted-files); the server checks the content, this only saves a trip. */
export const MODULE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'];
export const MODULE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const uploadResponseSchema = z.object({ imageUrl: z.string().min(1) });

/** POST /upload/module-image as multipart (field 'image'), through the one API client. */
export function uploadModuleImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return apiRequest('/upload/module-image', {
    method: 'POST',
    body,
    schema: uploadResponseSchema.transform((response) => response.imageUrl),
    fallbackError: moduleAdminMessages.uploadFailed,
  });
}

export function useUploadModuleImage() {
  return useMutation({ mutationFn: uploadModuleImage });
}
