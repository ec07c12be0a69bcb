import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { checkBlobKey, measuredSource, servedRange, type BlobPutOptions, type BlobStore, type BlobWritten, type ByteRange, type OpenedBlob, type StoredBlob } from './blobs.js';

/** The sidecar of a key: what its bytes are and which data file holds them. */
interface Sidecar {
  contentType: string;
  size: number;
  sha256: string;
  /** Name of the data file, in the same directory. */
  file: string;
}

/**
 * Blobs as files under `<root>` (DATA_DIR/blobs): a key `trip/t1/receipt/r1` is the directory `trip/t1/receipt`
 * holding `r1.json` (the sidecar: content type, size, hash and data file name) and `r1.<sha256>.bin` (the bytes).
 *
 * Every file is written to a temporary name, flushed, then renamed into place (rename is atomic on POSIX), and the
 * sidecar is renamed last: it is the commit point. A crash therefore leaves the previous sidecar and its data file
 * intact, at worst with an unreferenced data or temporary file beside them, never a half-written blob or a sidecar
 * describing other bytes.
 */
export class FsBlobStore implements BlobStore {
  readonly kind = 'fs' as const;

  constructor(readonly root: string) {}

  put(key: string, bytes: Uint8Array, options: BlobPutOptions): Promise<BlobWritten> {
    return this.putStream(key, () => Readable.from([bytes]), { ...options, size: bytes.byteLength });
  }

  async putStream(key: string, source: () => Readable, { contentType, size: expected }: BlobPutOptions & { size: number }): Promise<BlobWritten> {
    const { dir, name } = this.locate(key);
    await mkdir(dir, { recursive: true });
    const previous = await this.sidecar(dir, name);
    const { size, sha256, temp } = await writeTemp(join(dir, name), source(), expected);
    const sidecar: Sidecar = { contentType, size, sha256, file: `${name}.${sha256}.bin` };
    try {
      await rename(temp, join(dir, sidecar.file));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    await writeAtomically(join(dir, `${name}.json`), new TextEncoder().encode(JSON.stringify(sidecar)));
    await syncDir(dir);
    if (previous && previous.file !== sidecar.file) await rm(join(dir, previous.file), { force: true });
    return { size, sha256 };
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const { dir, name } = this.locate(key);
    const sidecar = await this.sidecar(dir, name);
    if (!sidecar) return undefined;
    let data: Buffer;
    try {
      data = await readFile(join(dir, sidecar.file));
    } catch (err) {
      // Deleted between reading the sidecar and the data.
      if (isCode(err, 'ENOENT')) return undefined;
      throw err;
    }
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), contentType: sidecar.contentType, size: data.byteLength };
  }

  async open(key: string, range?: ByteRange): Promise<OpenedBlob | undefined> {
    const { dir, name } = this.locate(key);
    const sidecar = await this.sidecar(dir, name);
    if (!sidecar) return undefined;
    // Checked before the file is opened: a refused range must not leave the handle open.
    const { start, end } = servedRange(sidecar.size, range);
    let handle;
    try {
      handle = await open(join(dir, sidecar.file), 'r');
    } catch (err) {
      if (isCode(err, 'ENOENT')) return undefined;
      throw err;
    }
    // An empty range (an empty blob) still needs a stream that ends; createReadStream with end -1 would not.
    const stream = end < start ? (await handle.close(), Readable.from([])) : handle.createReadStream({ start, end, autoClose: true });
    return { stream, contentType: sidecar.contentType, size: sidecar.size, start, end };
  }

  async delete(key: string): Promise<boolean> {
    const { dir, name } = this.locate(key);
    const sidecar = await this.sidecar(dir, name);
    if (!sidecar) return false;
    try {
      // The sidecar goes first: once it is gone the blob is gone, whatever happens to the data file.
      await unlink(join(dir, `${name}.json`));
    } catch (err) {
      if (isCode(err, 'ENOENT')) return false;
      throw err;
    }
    await rm(join(dir, sidecar.file), { force: true });
    return true;
  }

  private locate(key: string): { dir: string; name: string } {
    const path = join(this.root, ...checkBlobKey(key).split('/'));
    return { dir: dirname(path), name: path.slice(dirname(path).length + 1) };
  }

  private async sidecar(dir: string, name: string): Promise<Sidecar | undefined> {
    try {
      return JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as Sidecar;
    } catch (err) {
      if (isCode(err, 'ENOENT') || isCode(err, 'ENOTDIR')) return undefined;
      throw err;
    }
  }
}

/**
 * Streams `source` into a new temporary file beside `base`, hashing as it goes, and flushes it. On any failure the
 * temporary file is removed and the error thrown.
 */
async function writeTemp(base: string, source: Readable, expected: number): Promise<{ size: number; sha256: string; temp: string }> {
  const temp = `${base}.bin.tmp-${randomBytes(6).toString('hex')}`;
  const handle = await open(temp, 'wx');
  const measured = measuredSource(source, expected);
  try {
    for await (const bytes of measured.chunks) {
      for (let at = 0; at < bytes.byteLength; ) at += (await handle.write(bytes, at)).bytesWritten;
    }
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  return { ...measured.written(), temp };
}

/** Writes a temporary file beside `path`, flushes it to disk, and renames it over `path`. */
async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
  const temp = `${path}.tmp-${randomBytes(6).toString('hex')}`;
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Flushes a directory's entries, so the renames survive a power loss (where the platform allows it). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms (Windows) cannot open or flush a directory; the rename itself is still atomic.
  }
}

function isCode(err: unknown, code: string): boolean {
  return (err as { code?: unknown } | null)?.code === code;
}
