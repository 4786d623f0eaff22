import type { ReactNode } from 'react';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { GuestLink, type GuestNavigate, type GuestTarget } from '@/features/auth/components/guest-link';

interface GuestPageCardProps {
  title: string;
  description: string;
  /** The line under the form, e.g. 'Não tem uma conta?', and the page it offers instead. */
  prompt: string;
  link: { to: GuestTarget; label: string };
  go: GuestNavigate;
  children: ReactNode;
}

/** The frame of /login and /register: title, the form, and a link to the other page. */
export function GuestPageCard({ title, description, prompt, link, go, children }: GuestPageCardProps) {
  return (
    <AuthLayout>
      <Card className="gap-6">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            {prompt}{' '}
            <GuestLink
              to={link.to}
              go={go}
              className="-mx-2 inline-flex min-h-11 items-center px-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              {link.label}
            </GuestLink>
          </p>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
