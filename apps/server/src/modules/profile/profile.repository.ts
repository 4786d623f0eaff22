import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The account's own fields a user may change on /profile. */
export interface OwnProfileChange {
  nome: string;
  email: string;
  whatsappContato?: string | null;
  telegramContato?: string | null;
}

/** Throws the database's unique violation when the e-mail belongs to someone else. */
export async function updateOwnFields(db: Executor, userId: number, change: OwnProfileChange): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findCredentials(
  db: Executor,
  userId: number,
): Promise<{ email: string; senhaHash: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, senhaHash: users.senhaHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setPasswordHash(db: Executor, userId: number, senhaHash: string): Promise<void> {
  await db.update(users).set({ senhaHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
