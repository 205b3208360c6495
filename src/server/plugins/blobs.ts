import fp from 'fastify-plugin';
import type { BlobStore } from '../blobs/store';
import { BlobUrlSigner } from '../blobs/signedUrls';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
    blobUrls: BlobUrlSigner;
  }
}

export interface BlobsOptions {
  store: BlobStore;
  secret: string;
  publicUrl: string;
}

/** The blob store for receipt images and the signer of their short-lived URLs. */
export default fp<BlobsOptions>(async (app, opts) => {
  app.decorate('blobs', opts.store);
  app.decorate('blobUrls', new BlobUrlSigner(opts.secret, opts.publicUrl));
});
