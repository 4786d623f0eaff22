import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** The header's 44 px 'Menu' button below 1024 px, the same before and after the menu's code arrives. */
export function MenuButton(props: ComponentProps<'button'>) {
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-11 lg:hidden"
      aria-label="Menu"
      aria-haspopup="menu"
      {...props}
    >
      <Menu className="size-5" aria-hidden="true" />
    </Button>
  );
}
