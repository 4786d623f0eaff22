import { describe, expect, it } from 'vitest';
import { CAPTCHA_BACKGROUND, drawCaptcha } from './captcha.service.ts';

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('the captcha image', () => {
  it('draws its five glyphs at 4.5:1 or more against its ground, under noise lines', () => {
    for (let i = 0; i < 50; i += 1) {
      const { text, svg } = drawCaptcha();
      expect(text).toMatch(/^[A-Z2-9]{5}$/);
      expect(svg).toContain(`<rect width="100%" height="100%" fill="${CAPTCHA_BACKGROUND}"/>`);
      const glyphs = [...svg.matchAll(/<path fill="(#[0-9a-f]{3,6})" d=/g)].map(
        (match) => match[1] as string,
      );
      expect(glyphs).toHaveLength(5);
      for (const fill of glyphs) expect(contrast(fill, CAPTCHA_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
      expect([...svg.matchAll(/<path d="[^"]+" stroke="#[0-9a-f]+" fill="none"\/>/g)]).toHaveLength(2);
    }
  });
});
