/** Our own client directives (astro.config.mjs). */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates once the live page's video shows its first frame (src/islands/player/after-first-frame.ts). */
    'client:afterframe'?: boolean;
  }
}
export {};
