import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/utils';

/** A badge in one of the panel's status colours, readable in light and dark mode. */
const toneBadgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 rounded-md border px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      tone: {
        green:
          'border-emerald-600/25 bg-emerald-500/12 text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-400/15 dark:text-emerald-300',
        red: 'border-red-600/25 bg-red-500/12 text-red-800 dark:border-red-400/30 dark:bg-red-400/15 dark:text-red-300',
        yellow:
          'border-amber-600/30 bg-amber-400/20 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200',
        orange:
          'border-orange-600/25 bg-orange-500/12 text-orange-800 dark:border-orange-400/30 dark:bg-orange-400/15 dark:text-orange-300',
        blue: 'border-blue-600/25 bg-blue-500/12 text-blue-800 dark:border-blue-400/30 dark:bg-blue-400/15 dark:text-blue-300',
        grey: 'border-border bg-muted text-muted-foreground',
      },
    },
    defaultVariants: { tone: 'grey' },
  },
);

export type Tone = NonNullable<VariantProps<typeof toneBadgeVariants>['tone']>;

function ToneBadge({
  className,
  tone,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof toneBadgeVariants>) {
  return <span data-slot="tone-badge" className={cn(toneBadgeVariants({ tone }), className)} {...props} />;
}

export { ToneBadge, toneBadgeVariants };
