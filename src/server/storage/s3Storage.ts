import type { S3Client } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { StorageNotFoundError, type FileStorage, type StoredFile } from './FileStorage';
import { validateKey } from './validateKey';

type ClientS3 = typeof import('@aws-sdk/client-s3');
type LibStorage = typeof import('@aws-sdk/lib-storage');
let sdk: { s3: ClientS3; lib: LibStorage } | undefined;

/**
 * The AWS SDK, required on first use (as jsdom is: sanitizeForward.ts): a portal keeping its files in
 * DATA_DIR/files, and every command that stores no file, never loads its ~250 modules.
 */
function awsSdk(): { s3: ClientS3; lib: LibStorage } {
  if (!sdk) {
    const require = createRequire(import.meta.url);
    sdk = { s3: require('@aws-sdk/client-s3') as ClientS3, lib: require('@aws-sdk/lib-storage') as LibStorage };
  }
  return sdk;
}

export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
}

/** `s3://bucket/some/prefix` → bucket and prefix. */
export function parseS3Url(url: string): S3Location {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(url);
  if (!m) throw new Error(`STORAGE_URL must look like s3://bucket/prefix, got "${url}"`);
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: m[1], prefix: prefix ? `${prefix}/` : '' };
}

/**
 * An S3 client from the standard AWS environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_REGION, or a profile or instance role); AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL points it at an
 * S3-compatible server (MinIO, Ceph, ...), addressed path-style.
 */
export function s3ClientFromEnv(env: NodeJS.ProcessEnv = process.env): S3Client {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  // Keys given in `env` are used as they are; otherwise the SDK's chain (environment, profile, role).
  const credentials = env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) } : undefined;
  return new (awsSdk().s3.S3Client)({
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    ...(credentials ? { credentials } : {}),
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
}

const notFound = (err: unknown) =>
  err instanceof awsSdk().s3.S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** Uploads in 8 MiB parts, four at a time: a stream of unknown length never sits whole in memory. */
const partSize = 8 * 1024 * 1024;

/**
 * Files as objects in an S3 bucket under a prefix: several instances with their own DATA_DIR share
 * them. A put of a stream is a multipart upload (readers see the old object or the new one, never
 * half); getRange and stream read only what they return.
 */
export function s3Storage(client: S3Client, location: S3Location): FileStorage {
  const { bucket, prefix } = location;
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3ServiceException } = awsSdk().s3;
  const { Upload } = awsSdk().lib;
  const objectKey = (key: string) => prefix + validateKey(key);
  const folderPrefix = (folder: string) => (folder ? `${objectKey(folder)}/` : prefix);

  const getObject = async (key: string, range?: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), ...(range ? { Range: range } : {}) }));
    } catch (err) {
      if (notFound(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  };

  async function* listAll(p: string, delimiter?: string): AsyncGenerator<StoredFile> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: p, ContinuationToken: token, ...(delimiter ? { Delimiter: delimiter } : {}) }));
      for (const o of page.Contents ?? []) {
        if (o.Key && !o.Key.endsWith('/')) yield { key: o.Key.slice(prefix.length), modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    async put(key, data) {
      const Key = objectKey(key);
      if (data instanceof Readable) {
        await new Upload({ client, params: { Bucket: bucket, Key, Body: data }, partSize, queueSize: 4, leavePartsOnError: false }).done();
      } else {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: typeof data === 'string' ? Buffer.from(data) : data }));
      }
    },
    async get(key) {
      const res = await getObject(key);
      return Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    },
    async getRange(key, start, length) {
      if (length <= 0) {
        if (!(await this.exists(key))) throw new StorageNotFoundError(key);
        return Buffer.alloc(0);
      }
      try {
        const res = await getObject(key, `bytes=${start}-${start + length - 1}`);
        return Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
      } catch (err) {
        // A range that starts past the end: nothing there, as a file read at that offset gives.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
        throw err;
      }
    },
    async stream(key) {
      return (await getObject(key)).Body as Readable;
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async list(folder) {
      const out: StoredFile[] = [];
      for await (const f of listAll(folderPrefix(folder), '/')) out.push(f);
      return out;
    },
    walk(p) {
      return listAll(folderPrefix(p));
    },
  };
}
