/**
 * The page mode (page-mode.ts) as the page's first script: written into `<head>` by the layouts
 * (inline-script.ts), above the stylesheets, it runs while the head is parsed, so the first paint
 * already has the visitor's theme and app mode (a module script, the shell's, ran after parsing and
 * often after the first paint: a dark theme's visitor saw the page light first).
 */
import { applyPageMode } from './page-mode.ts';

applyPageMode();
