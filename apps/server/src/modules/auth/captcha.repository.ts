import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { captchas } from '../../db/schema/captchas.ts';

export type CaptchaRow = typeof captchas.$inferSelect;

/** Stores a new challenge and clears the expired ones. */
export async function insertCaptcha(db: Executor, captcha: { id: string; answer: string; expiresAt: Date }) {
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values(captcha);
}

export async function findCaptcha(db: Executor, id: string): Promise<CaptchaRow | undefined> {
  const [row] = await db.select().from(captchas).where(eq(captchas.id, id)).limit(1);
  return row;
}

/** Deletes the captcha and gives back what it was, so it can be checked exactly once. */
export async function takeCaptcha(db: Executor, id: string): Promise<CaptchaRow | undefined> {
  const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
  return row;
}

export async function deleteCaptcha(db: Executor, id: string): Promise<void> {
  await db.delete(captchas).where(eq(captchas.id, id));
}
