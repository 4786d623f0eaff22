import { z } from 'zod';
import { ADMIN_ONLY, endpoint } from './endpoint.ts';

/**
 * Module images (docs/product/uploads.md): an admin uploads and removes them through the API;
 * anyone's browser loads them from the site root.
 */

const imageNameParamsSchema = z.object({ name: z.string().max(100) });

export const uploadedImageSchema = z.object({ imageUrl: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadContract = {
  /**
   * Multipart (field `image`), read by the handler itself: no input part is declared, so the
   * caller's `body` is a FormData sent as it is.
   */
  moduleImage: endpoint
    .route({
      method: 'POST',
      path: '/upload/module-image',
      tags: ['modulos'],
      summary: 'Envia a imagem de um módulo (campo image; PNG, JPEG, WEBP, GIF ou SVG até 5MB)',
      successStatus: 201,
    })
    .meta({ roles: ADMIN_ONLY, errors: [400, 401, 403, 413] })
    .output(uploadedImageSchema),

  removeModuleImage: endpoint
    .route({
      method: 'DELETE',
      path: '/upload/module-image/{name}',
      tags: ['modulos'],
      summary: 'Remove uma imagem enviada',
      successStatus: 204,
    })
    .meta({ roles: ADMIN_ONLY, errors: [401, 403, 404] })
    .input(z.object({ params: imageNameParamsSchema }))
    .output(z.null()),

  /**
   * The stored image a module's imagem_url points at, left out of the API document. Served at the
   * site root, outside the API base: an <img src>, not a call for the API client.
   */
  moduleImageFile: endpoint
    .route({ method: 'GET', path: '/uploads/module-images/{name}' })
    .meta({ roles: 'public', errors: [] })
    .input(z.object({ params: imageNameParamsSchema })),
};
