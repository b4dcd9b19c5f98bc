/** The part of s3rver (an S3-protocol server for tests, no types of its own) the tests use. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    /** 0: any free port. */
    port?: number;
    /** Where buckets and objects are kept, as files. */
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** The listening server, once `run` has answered. */
    httpServer: Server;
    close(): Promise<void>;
  }
}
