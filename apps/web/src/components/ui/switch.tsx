import * as SwitchPrimitive from '@radix-ui/react-switch';
import type * as React from 'react';

import { cn } from '@/lib/utils';

/**
 * shadcn's switch with a 44 × 44 px hit area (a finger's size) around the usual 36 × 20 px
 * toggle: the button is the transparent square, the track and thumb are drawn inside it. A wide
 * screen with a mouse gets the toggle's own size back, so dense admin tables stay compact.
 */
function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer group -mx-1 inline-flex size-11 shrink-0 items-center justify-center outline-none disabled:cursor-not-allowed disabled:opacity-50 lg:pointer-fine:mx-0 lg:pointer-fine:h-5 lg:pointer-fine:w-9',
        className,
      )}
      {...props}
    >
      <span
        data-slot="switch-track"
        className="inline-flex h-5 w-9 items-center rounded-full border border-transparent shadow-xs transition-all group-focus-visible:ring-[3px] group-focus-visible:ring-ring/50 group-data-[state=checked]:bg-primary group-data-[state=unchecked]:bg-input"
      >
        <SwitchPrimitive.Thumb
          data-slot="switch-thumb"
          className="pointer-events-none block size-4 rounded-full bg-card ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0"
        />
      </span>
    </SwitchPrimitive.Root>
  );
}

export { Switch };
