import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/**
 * Decision 0006: a first visit to /login or /register downloads React and its page, not the
 * router or what the signed-in pages use. This follows the static imports (what a chunk needs
 * before it runs; `import()` and `import type` are not followed) from the entry and the two
 * pages, and names every package reached.
 */
const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const shared = resolve(web, '../../packages/shared/src');

function resolveLocal(specifier: string, from: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join(web, 'src', specifier.slice(2));
  else if (specifier.startsWith('@painel/shared/'))
    base = join(shared, specifier.slice('@painel/shared/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) =>
    statSync(candidate, { throwIfNoEntry: false })?.isFile(),
  );
  if (file) return file;
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function packagesReached(entries: string[]): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(web, entry));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(staticImport)) {
      if (!specifier || specifier.endsWith('.css')) continue;
      const local = resolveLocal(specifier, file);
      if (local) queue.push(local);
      else
        packages.add(
          specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : (specifier.split('/')[0] ?? specifier),
        );
    }
  }
  return packages;
}

describe('what a first visit to /login or /register downloads', () => {
  const reached = packagesReached([
    'src/main.tsx',
    'src/app/routes/login-page.tsx',
    'src/app/routes/register-page.tsx',
  ]);

  it('reaches React and the parts the pages are made of', () => {
    expect([...reached].sort()).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom',
        'lucide-react',
        'tailwind-merge',
        '@radix-ui/react-label',
      ]),
    );
  });

  it.each(['react-router', 'zod', 'react-hook-form', '@tanstack/react-query', 'sonner'])(
    'leaves out %s',
    (name) => {
      expect(reached).not.toContain(name);
    },
  );
});
