import { ApiDocsPage } from '@/features/api-keys/components/api-docs-page';

/** Where /profile's 'Chaves de API' card is, for the page's links back to it. */
export const API_KEYS_CARD_PATH = '/profile#chaves-de-api';

/**
 * /integracao, titled 'API' (docs/product/api-keys.md#tela). Not /api: the server answers every
 * path under /api itself, so a reload there would never reach the panel.
 */
export function Component() {
  return <ApiDocsPage origin={window.location.origin} keysPath={API_KEYS_CARD_PATH} />;
}
