/** The parts of node-media-server 4 (CommonJS, no types of its own) that media/flv-relay.ts uses. */
declare module 'node-media-server' {
  export default class NodeMediaServer {
    constructor(config: Record<string, unknown>);
    run(): Promise<void>;
    stop(): Promise<void>;
  }
}
declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}
