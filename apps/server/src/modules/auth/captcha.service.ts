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

/** The image's ground; the web's captcha box has the same colour, so the image blends in. */
export const CAPTCHA_BACKGROUND = '#f4f6fb';

/**
 * The challenge as an SVG: near-black glyphs (#111 to #444, at least 9:1 against the ground, where
 * the library's coloured glyphs went down to 1.6:1) under two grey noise lines. The library turns
 * colours on whenever it is given a background, so the ground is added here instead.
 */
export function drawCaptcha(): { text: string; svg: string } {
  const challenge = svgCaptcha.create({
    size: LENGTH,
    charPreset: CHARSET,
    noise: 2,
    color: false,
    width: 160,
    height: 56,
    fontSize: 58,
  });
  const svg = challenge.data.replace(
    /^(<svg[^>]*>)/,
    `$1<rect width="100%" height="100%" fill="${CAPTCHA_BACKGROUND}"/>`,
  );
  return { text: challenge.text, svg };
}

export async function createCaptcha(db: Executor): Promise<{ id: string; image: string }> {
  const challenge = drawCaptcha();
  const id = randomUUID();
  await insertCaptcha(db, {
    id,
    answer: challenge.text.toUpperCase(),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  return { id, image: `data:image/svg+xml;base64,${Buffer.from(challenge.svg).toString('base64')}` };
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
