import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Signed-in pages still to be built; each keeps its route and its way back to /. */

export function PlansPage() {
  return <PagePlaceholder title="Planos" backTo="/" />;
}

export function ProfilePage() {
  return <PagePlaceholder title="Perfil" backTo="/" />;
}
