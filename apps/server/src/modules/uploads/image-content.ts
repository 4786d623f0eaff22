import { DOMParser, type Element, type Node, XMLSerializer } from '@xmldom/xmldom';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, i) => data[offset + i] === byte);

/** The image type by its bytes, never by its name; null for anything else. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    data.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    data.subarray(0, 6).toString('latin1') === 'GIF89a'
  ) {
    return 'image/gif';
  }
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return parseSvg(data) ? 'image/svg+xml' : null;
}

function parseSvg(data: Buffer): Element | null {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  if (
    !/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      text,
    )
  ) {
    return null;
  }
  try {
    const document = new DOMParser({ onError: () => {} }).parseFromString(text, 'image/svg+xml');
    const root = document.documentElement;
    return root && root.localName === 'svg' ? root : null;
  } catch {
    return null;
  }
}

/** SVG elements that draw; anything else (script, foreignObject, style, animation…) is dropped. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'use',
  'symbol',
  'title',
  'desc',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feMerge',
  'feMergeNode',
  'feFlood',
  'feComposite',
  'marker',
]);

function isSafeReference(value: string): boolean {
  return value.trim().startsWith('#');
}

function sanitizeElement(element: Element): void {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value;
    const isLink = name === 'href' || name.endsWith(':href');
    const external = /url\(\s*['"]?(?!#)/i.test(value);
    if (
      name.startsWith('on') ||
      (isLink && !isSafeReference(value)) ||
      /javascript:|data:/i.test(value) ||
      external
    ) {
      element.removeAttribute(attribute.name);
    }
  }
  for (const child of Array.from(element.childNodes) as Node[]) {
    if (child.nodeType === child.ELEMENT_NODE) {
      const childElement = child as Element;
      if (ALLOWED_ELEMENTS.has(childElement.localName ?? '')) sanitizeElement(childElement);
      else element.removeChild(child);
    } else if (child.nodeType !== child.TEXT_NODE) {
      element.removeChild(child);
    }
  }
}

/** Rebuilds an SVG with only drawing elements and no scripts, event handlers or external references. */
export function sanitizeSvg(data: Buffer): Buffer | null {
  const root = parseSvg(data);
  if (!root) return null;
  sanitizeElement(root);
  return Buffer.from(new XMLSerializer().serializeToString(root), 'utf8');
}
