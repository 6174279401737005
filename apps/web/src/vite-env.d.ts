/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_PRODUCT_DOMAIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
