/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives, '/api' unless the build says otherwise. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
