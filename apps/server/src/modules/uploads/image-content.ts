import type { DOMPurify } from 'dompurify';
import { fileTypeFromBuffer } from 'file-type';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** What file-type calls the raster formats we take; an animated PNG is stored as a PNG. */
const RASTER_TYPES: Record<string, ImageType> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
};

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** The image type by its bytes, never by its name; null for anything else. */
export async function sniffImageType(data: Buffer): Promise<ImageType | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const raster = RASTER_TYPES[detected.mime];
    if (raster) return raster;
  }
  // file-type does not read text formats, so an SVG is recognised by its markup.
  return looksLikeSvg(svgText(data)) ? 'image/svg+xml' : null;
}

const svgText = (data: Buffer) => data.toString('utf8').replace(/^\uFEFF/, '');

/** An XML prolog, comments and a doctype at most, then the <svg> root. */
const looksLikeSvg = (text: string) =>
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    text,
  );

/** A link that stays inside the file: `#id`. Anything else could load another document. */
const isLocalReference = (value: string) => value.trim().startsWith('#');

/** `url(...)` pointing anywhere but `#id` inside this file. */
const EXTERNAL_URL = /url\(\s*['"]?(?!#)/i;

interface Purifier {
  purify: DOMPurify;
  parse(text: string): Element;
  serialize(node: Node): string;
}

let purifier: Promise<Purifier> | undefined;

/**
 * DOMPurify on one jsdom window for the life of the process, loaded on the first SVG so that
 * starting the server does not pay for jsdom. Its SVG profile already drops scripts, event
 * handlers, foreignObject and animation; the hook adds what an image served on its own must not
 * do either: load anything from outside the file.
 */
function loadPurifier(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      const isLink = name === 'href' || name.endsWith(':href');
      if (
        (isLink && !isLocalReference(data.attrValue)) ||
        EXTERNAL_URL.test(data.attrValue) ||
        // A CSS escape can spell `url(` so that no pattern sees it.
        data.attrValue.includes('\\') ||
        /javascript:|data:/i.test(data.attrValue)
      ) {
        data.keepAttr = false;
      }
    });
    const parser = new window.DOMParser();
    const serializer = new window.XMLSerializer();
    return {
      purify,
      parse: (text) => parser.parseFromString(text, 'image/svg+xml').documentElement,
      serialize: (node) => serializer.serializeToString(node),
    };
  })();
  return purifier;
}

/** Rebuilds an SVG with only drawing elements and no scripts, event handlers or external references. */
export async function sanitizeSvg(data: Buffer): Promise<Buffer | null> {
  const text = svgText(data);
  if (!looksLikeSvg(text)) return null;
  const { purify, parse, serialize } = await loadPurifier();
  // Parsed as XML, as a browser reads image/svg+xml: a file that is not well-formed is refused.
  const root = parse(text);
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) return null;
  purify.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
    // `<use href="#id">` reuses a shape of the same file; the hook keeps its link local.
    ADD_TAGS: ['use'],
    // CSS can fetch from outside (`@import`, `url()`) in ways an attribute check cannot see.
    FORBID_TAGS: ['style'],
  });
  return Buffer.from(serialize(root), 'utf8');
}
