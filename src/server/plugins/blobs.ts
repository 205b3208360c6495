import fp from 'fastify-plugin';
import type { BlobStore } from '../blobs/store';
import { defaultBlobStore } from '../blobs/fs-store';
import { BlobUrlSigner } from '../blobs/signed-urls';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
    blobUrls: BlobUrlSigner;
  }
}

export interface BlobsOptions {
  dataDir: string;
  secret: string;
  publicUrl: string;
  /** Another store (S3-compatible, …); default: files under dataDir/blobs. */
  store?: BlobStore;
}

/** The blob store for receipt images and the signer of their short-lived URLs. */
export default fp<BlobsOptions>(async (app, opts) => {
  app.decorate('blobs', opts.store ?? defaultBlobStore(opts.dataDir));
  app.decorate('blobUrls', new BlobUrlSigner(opts.secret, opts.publicUrl));
});
