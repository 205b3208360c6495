import os from 'node:os';
import { loadConfig } from '../../../src/server/config';

const secret = 'a'.repeat(64);
const dev = { NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DATA_DIR: os.tmpdir() };
const cluster = { ...dev, CLUSTER: 'true', DATABASE_URL: 'postgres://db/tally', REDIS_URL: 'redis://cache:6379', BLOB_URL_SECRET: secret };

describe('one process on its own', () => {
  it('keeps images in files, counts limits in memory and makes up a signing secret', () => {
    const config = loadConfig(dev);
    expect(config).toMatchObject({ cluster: false, blobStore: 'fs', redisUrl: null });
    expect(config.blobUrlSecret).toHaveLength(64);
    expect(loadConfig(dev).blobUrlSecret).not.toBe(config.blobUrlSecret);
  });

  it('may keep images in the database, and refuses a store it does not know', () => {
    expect(loadConfig({ ...dev, BLOB_STORE: 'Postgres' }).blobStore).toBe('postgres');
    expect(() => loadConfig({ ...dev, BLOB_STORE: 's3' })).toThrow("BLOB_STORE must be fs or postgres, not 's3'");
  });

  it('needs one signing secret in production, long enough not to be guessed', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: os.tmpdir() };
    expect(() => loadConfig(production)).toThrow(/BLOB_URL_SECRET must be set in production, at least 32 characters/);
    expect(() => loadConfig({ ...production, BLOB_URL_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(loadConfig({ ...production, BLOB_URL_SECRET: secret }).blobUrlSecret).toBe(secret);
  });
});

describe('CLUSTER=true: one of several processes', () => {
  it('keeps images in the shared database by default and shares limits through Redis', () => {
    expect(loadConfig(cluster)).toMatchObject({ cluster: true, blobStore: 'postgres', redisUrl: 'redis://cache:6379', blobUrlSecret: secret });
    // Files still work where every machine mounts the same folder.
    expect(loadConfig({ ...cluster, BLOB_STORE: 'fs' }).blobStore).toBe('fs');
  });

  it.each([
    ['BLOB_URL_SECRET', /BLOB_URL_SECRET must be set with CLUSTER=true/],
    ['DATABASE_URL', /CLUSTER=true needs DATABASE_URL/],
    ['REDIS_URL', /CLUSTER=true needs REDIS_URL/],
  ])('refuses to start without %s, saying why', (key, message) => {
    expect(() => loadConfig({ ...cluster, [key]: '' })).toThrow(message);
  });
});
