import { randomUUID } from 'node:crypto';
import { CAPTCHA_MAX_LENGTH } from '@painel/shared/schemas/auth';
import svgCaptcha from 'svg-captcha';
import type { Executor } from '../../db/client.ts';
import { deleteCaptcha, findCaptcha, insertCaptcha, takeCaptcha } from './captcha.repository.ts';

const CAPTCHA_TTL_MS = 5 * 60_000;
/** Upper-case letters and digits without the look-alikes (0/O, 1/I/L). */
const CHARSET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 5;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CaptchaOptions {
  /** Test switch (docs/product/sessions.md#captcha): every captcha also accepts this answer. */
  testAnswer?: string | undefined;
}

export async function createCaptcha(db: Executor): Promise<{ id: string; image: string }> {
  const challenge = svgCaptcha.create({
    size: LENGTH,
    charPreset: CHARSET,
    noise: 2,
    // Dark glyphs on a light ground: coloured ones were too faint to read comfortably.
    color: false,
    background: '#f4f6fb',
    width: 160,
    height: 56,
    fontSize: 52,
  });
  const id = randomUUID();
  await insertCaptcha(db, {
    id,
    answer: challenge.text.toUpperCase(),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  return { id, image: `data:image/svg+xml;base64,${Buffer.from(challenge.data).toString('base64')}` };
}

function matches(expected: string, answer: string, options: CaptchaOptions): boolean {
  const given = answer.trim().toUpperCase();
  if (given.length === 0 || given.length > CAPTCHA_MAX_LENGTH) return false;
  if (given === expected) return true;
  return options.testAnswer !== undefined && given === options.testAnswer.toUpperCase();
}

/** Checks and spends the captcha: whatever the answer, it cannot be used again. */
export async function consumeCaptcha(
  db: Executor,
  id: string,
  answer: string,
  options: CaptchaOptions,
): Promise<boolean> {
  if (!UUID_PATTERN.test(id)) return false;
  const row = await takeCaptcha(db, id);
  if (!row || row.expiresAt.getTime() <= Date.now()) return false;
  return matches(row.answer, answer, options);
}

/**
 * POST /captcha/verify: a right answer leaves the captcha usable for the login that follows;
 * a wrong one spends it, so answers cannot be guessed one by one.
 */
export async function verifyCaptcha(
  db: Executor,
  id: string,
  answer: string,
  options: CaptchaOptions,
): Promise<boolean> {
  if (!UUID_PATTERN.test(id)) return false;
  const row = await findCaptcha(db, id);
  const valid =
    row !== undefined && row.expiresAt.getTime() > Date.now() && matches(row.answer, answer, options);
  if (!valid && row) await deleteCaptcha(db, id);
  return valid;
}
