/** The parts of s3rver 3.7 (no types of its own) that the tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Buffer[] }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: Array<(ctx: never, next: () => Promise<void>) => unknown>;
  }
}
declare module 's3rver/lib/stores/filesystem.js' {
  const FilesystemStore: { prototype: Record<string, unknown> };
  export default FilesystemStore;
}
declare module 's3rver/lib/models/object.js' {
  export default class S3Object {
    static ALLOWED_METADATA: string[];
    constructor(bucket: string, key: string, content: NodeJS.ReadableStream | null, metadata: Record<string, unknown>);
    range?: { start: number; end: number };
  }
}
declare module 's3rver/lib/models/error.js' {
  export default class S3Error extends Error {
    constructor(code: string, message?: string, detail?: Record<string, unknown>);
  }
}
