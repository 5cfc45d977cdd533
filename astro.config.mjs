// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Static output: every page is prebuilt per brand × locale under dist/{brand}/{locale}/.
// The edge worker picks the right file per request; visible URLs hold neither brand nor locale.
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', assets: '_astro' },
  compressHTML: true,
  integrations: [react()],
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "connect-src 'self' ws: wss:",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "worker-src 'self' blob:",
      ],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: { build: { assetsInlineLimit: 0 } },
});
