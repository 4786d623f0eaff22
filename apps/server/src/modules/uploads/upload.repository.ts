import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { moduleImages } from '../../db/schema/modules.ts';

export async function insertModuleImage(
  db: Executor,
  image: { name: string; contentType: string; data: Buffer },
): Promise<void> {
  await db.insert(moduleImages).values(image);
}

/** Whether an image by that name was there to delete. */
export async function deleteModuleImageByName(db: Executor, name: string): Promise<boolean> {
  const removed = await db
    .delete(moduleImages)
    .where(eq(moduleImages.name, name))
    .returning({ name: moduleImages.name });
  return removed.length > 0;
}

export async function findModuleImage(db: Executor, name: string) {
  const [image] = await db.select().from(moduleImages).where(eq(moduleImages.name, name)).limit(1);
  return image;
}
