import { uploadContract } from '@painel/shared/contracts/uploads';

import { callEndpoint } from '@/lib/api-client';

/** DELETE /upload/module-image/{name}: the name is the last path segment of imagem_url. */
export function deleteModuleImage(imageUrl: string) {
  const name = imageUrl.split('/').pop() ?? '';
  return callEndpoint(uploadContract.removeModuleImage, { params: { name } });
}

/** Drops images uploaded in a form that was then abandoned; a failure only leaves an orphan file. */
export async function discardModuleImages(imageUrls: string[]) {
  await Promise.allSettled(imageUrls.map((url) => deleteModuleImage(url)));
}
