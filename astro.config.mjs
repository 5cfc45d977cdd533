// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { finishLivePages } from './scripts/live-page.ts';

const CLIENT_MESSAGE_RUNTIME = fileURLToPath(new URL('./src/lib/paraglide-client-runtime.ts', import.meta.url));

/** In the browser build, compiled messages take getLocale() from src/lib/paraglide-client-runtime.ts. */
const clientMessageRuntime = {
  name: 'flx:client-message-runtime',
  enforce: 'pre',
  /** @param {string} source @param {string | undefined} importer */
  resolveId(source, importer) {
    // @ts-expect-error Vite 8 passes the environment on the plugin context.
    if (this.environment?.name !== 'client' || source !== '../runtime.js' || !importer) return null;
    return /[\\/]src[\\/]paraglide[\\/]messages[\\/]/.test(importer) ? CLIENT_MESSAGE_RUNTIME : null;
  },
};

/** Client directives of our own (Astro's `addClientDirective`). */
const clientDirectives = {
  name: 'flx:client-directives',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup'({ addClientDirective }) {
      // The live page's islands wait for the video's first frame (src/islands/player/after-first-frame.ts).
      addClientDirective({
        name: 'afterframe',
        entrypoint: fileURLToPath(new URL('./src/islands/player/after-first-frame.ts', import.meta.url)),
      });
    },
  },
};

/** The live page after the build: one stylesheet, its early script behind its loader (scripts/live-page.ts). */
const livePage = {
  name: 'flx:live-page',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done'({ dir }) {
      finishLivePages(fileURLToPath(dir));
    },
  },
};

// Static output: every page is prebuilt per brand × locale under dist/{brand}/{locale}/.
// The edge worker picks the right file per request; visible URLs hold neither brand nor locale.
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', assets: '_astro' },
  compressHTML: true,
  integrations: [react(), clientDirectives, livePage],
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
    plugins: [
      clientMessageRuntime,
      {
        // The auth-kit group takes modules without their imports: island entries keep their
        // exports and may gain more (Astro's default, 'exports-only', forbids that).
        name: 'flx:entry-signatures',
        enforce: 'post',
        /** @param {string} name */
        configEnvironment(name) {
          if (name === 'client') return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } } };
        },
      },
    ],
    build: { assetsInlineLimit: 0 },
    environments: {
      client: {
        build: {
          rollupOptions: {
            output: {
              // Shared chunks by hash alone: nearly every file of a page imports them by name (0.2-0.4
              // KiB gzip of names per entry page). What `import()` loads, entries and island components
              // keep their names.
              /** @param {{ isDynamicEntry: boolean }} chunk */
              chunkFileNames: (chunk) => (chunk.isDynamicEntry ? '_astro/[name].[hash].js' : '_astro/[hash].js'),
              // Each response is gzipped alone and names its imports by hashed file name, so a page
              // of 25 files of a few hundred bytes pays ~1.5 KiB for the split alone. What every
              // page with an island loads goes in one chunk (React, Astro's renderer, the shell);
              // the kits every sign-in or sign-up form uses in one each (docs/BENCHMARKS.md).
              codeSplitting: {
                groups: [
                  // What the shell's script shares with the live page's early script, which must not
                  // load the shell chunk (React) before the video's first frame: the preload helper
                  // of dynamic imports; with the device and theme helpers the shell's script uses
                  // (the page mode itself is written into every page: src/lib/page-mode.ts).
                  // Every page loads it. (Rolldown keeps its own runtime in a chunk of its own
                  // whatever the groups say.)
                  {
                    name: 'boot',
                    test: /vite[\\/]preload-helper|src[\\/]lib[\\/](device|theme)\.|domain[\\/]device-kinds\./,
                    priority: 2,
                  },
                  // The live page's early scripts share these (the video's contract, its first frame).
                  {
                    name: 'live',
                    test: /src[\\/]islands[\\/]player[\\/](after-first-frame|live-video)\.|domain[\\/]live-video\./,
                    priority: 2,
                  },
                  {
                    name: 'shell',
                    priority: 1,
                    test: /node_modules[\\/](react|react-dom|scheduler|nanostores|@nanostores[\\/]react|@astrojs[\\/]react)[\\/]|src[\\/](lib[\\/](api-effects|progress|storage-keys|session-hint|toast|shell-boot|shell-paths|members-only|paraglide-client-runtime)|stores[\\/](session|use-session|modals)|islands[\\/]shell[\\/](HeaderSession|ShellHost)|islands[\\/]ui[\\/]FormMessage)\.|domain[\\/]limits\./,
                  },
                  // Without their imports: those go where their own users are (messages, stores). The
                  // texts of the login id and password fields every form has come with it (four
                  // files of ~0.2 KiB each would pay their own overhead).
                  {
                    name: 'auth-kit',
                    test: /src[\\/](islands[\\/]auth[\\/](Field|use-hydrated|use-submit-guard|lazy-parts|ime|keep-query)|stores[\\/](auth-callback|auth-saved-id)|paraglide[\\/]messages[\\/]auth_(field_login_id|field_password|error_unknown|error_password_empty|error_login_id_check))\./,
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: 'signup-kit',
                    test: /src[\\/](islands[\\/]auth[\\/](AccountFields|agreement|load-rules|signup-page-state|use-signup-checks)|paraglide[\\/]messages[\\/]auth_field_(recommender|password_hint|optional|password_confirm|nickname|login_id_hint))\./,
                    includeDependenciesRecursively: false,
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
