import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { uploadContract } from '@painel/shared/contracts/uploads';
import { messages } from '@painel/shared/messages';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { serve } from '../../plugins/serve.ts';
import { writeActionLog } from '../logs/log.repository.ts';
import { IMAGE_EXTENSIONS, sanitizeSvg, sniffImageType } from './image-content.ts';
import { deleteModuleImageByName, findModuleImage, insertModuleImage } from './upload.repository.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MODULE_IMAGE_PATH = '/uploads/module-images/';
const NAME_PATTERN = /^[a-f0-9]{24}\.(png|jpg|gif|webp|svg)$/;

const imageError = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { fields: { image: message } });

/** The stored image a module's imagem_url points at, if it is one of ours. */
export function imageNameOf(imageUrl: string): string | null {
  const name = imageUrl.split('/').pop() ?? '';
  return NAME_PATTERN.test(name) ? name : null;
}

export async function deleteModuleImage(db: Database, imageUrl: string): Promise<void> {
  const name = imageNameOf(imageUrl);
  if (name) await deleteModuleImageByName(db, name);
}

/**
 * Uploads are admin-only; serving is public, with headers that stop any file running as a page.
 * The upload routes sit under the API base like every contract path; the images at the site root.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  await app.register(
    async (api) => {
      serve(
        api,
        uploadContract.moduleImage,
        async ({ auth, request }) => {
          let data: Buffer | null = null;
          try {
            const file = request.isMultipart() ? await request.file() : undefined;
            if (file?.fieldname !== 'image') throw imageError(messages.imageRequired);
            data = await file.toBuffer();
          } catch (error) {
            if (error instanceof AppError) throw error;
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw new AppError('PAYLOAD_TOO_LARGE', messages.imageTooLarge, {
                fields: { image: messages.imageTooLarge },
              });
            }
            throw imageError(messages.imageRequired);
          }
          const type = await sniffImageType(data);
          if (!type) throw imageError(messages.imageType);
          const content = type === 'image/svg+xml' ? await sanitizeSvg(data) : data;
          if (!content) throw imageError(messages.imageType);
          const name = `${randomBytes(12).toString('hex')}.${IMAGE_EXTENSIONS[type]}`;
          await db.transaction(async (tx) => {
            await insertModuleImage(tx, { name, contentType: type, data: content });
            await writeActionLog(tx, auth, 'imagem_enviada', {
              imagem: name,
              tipo: type,
              bytes: content.length,
            });
          });
          return { imageUrl: `${MODULE_IMAGE_PATH}${name}` };
        },
        { schema: { consumes: ['multipart/form-data'] } },
      );

      serve(api, uploadContract.removeModuleImage, async ({ auth, params }) => {
        const name = imageNameOf(params.name);
        const removed = name ? await deleteModuleImageByName(db, name) : false;
        if (!removed) throw notFound(messages.imageNotFound);
        await writeActionLog(db, auth, 'imagem_removida', { imagem: name });
        return null;
      });
    },
    { prefix: '/api' },
  );

  serve(
    app,
    uploadContract.moduleImageFile,
    async ({ params, reply }) => {
      const name = imageNameOf(params.name);
      const image = name ? await findModuleImage(db, name) : undefined;
      if (!image) throw notFound(messages.imageNotFound);
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.data);
    },
    { schema: { hide: true } },
  );
};
