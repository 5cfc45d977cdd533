/**
 * The parts of the Sentry SDK we use, imported by name so the bundler drops the rest
 * (replay, feedback, tracing). Loaded only through a dynamic import when a DSN is configured.
 */
export { captureMessage, flush, init } from '@sentry/browser';
