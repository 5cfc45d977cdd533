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
  vite: {
    build: { assetsInlineLimit: 0 },
    environments: {
      client: {
        build: {
          rollupOptions: {
            output: {
              // What every page with an island loads anyway goes in two chunks instead of ~20 tiny
              // ones: each response is gzipped alone, so fewer files means fewer bytes on the wire.
              codeSplitting: {
                groups: [
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                  {
                    name: 'shell',
                    test: /src[\\/](lib[\\/](api-client|api-errors|device|progress|storage-keys|session-hint|toast|shell-boot|shell-paths|theme)|stores[\\/](session|modals)|islands[\\/]shell[\\/](HeaderSession|ShellHost))\.|node_modules[\\/](ofetch|destr|ufo|nanostores|@nanostores[\\/]react)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
