import { uploadContract } from '@painel/shared/contracts/uploads';
import { useMutation } from '@tanstack/react-query';

import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** What the upload accepts (docs/product/uploads.md#accepted-files); the server checks the content, this only saves a trip. */
export const MODULE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'];
export const MODULE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /upload/module-image as multipart (field 'image'), through the one API client. */
export async function uploadModuleImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const { imageUrl } = await callEndpoint(
    uploadContract.moduleImage,
    { body },
    { fallbackError: moduleAdminMessages.uploadFailed },
  );
  return imageUrl;
}

export function useUploadModuleImage() {
  return useMutation({ mutationFn: uploadModuleImage });
}
