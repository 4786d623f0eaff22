import type { ModuleView } from '@painel/shared/schemas/modules';
import { ScanSearch } from 'lucide-react';
import { useState } from 'react';

import { cn } from '@/lib/utils';

/** Where a module's image loads from: absolute URLs as they are, paths from the panel's own origin. */
export function moduleImageSrc(module: Pick<ModuleView, 'imagem_url' | 'image'>): string | null {
  const url = module.imagem_url ?? module.image;
  if (!url) return null;
  if (/^(https?:)?\/\//.test(url) || url.startsWith('/') || url.startsWith('data:')) return url;
  return `/${url}`;
}

export function ModuleImage({ module, className }: { module: ModuleView; className?: string }) {
  const src = moduleImageSrc(module);
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={cn(
        'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-accent text-accent-foreground',
        className,
      )}
    >
      {src && !failed ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <ScanSearch className="size-6" aria-hidden="true" />
      )}
    </span>
  );
}
