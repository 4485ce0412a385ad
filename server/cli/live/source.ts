/**
 * A growing log as `dstatview live` reads it: a file followed as `tail -F` follows it (by its name: a file
 * replaced by another one, or cut shorter, starts over), or standard input. Bytes are addressed by their
 * offset in the log; what the server has acknowledged can be forgotten (`ack`).
 */
import { open, stat, type FileHandle } from 'node:fs/promises';

export interface Poll {
  /** Bytes of the log now. */
  size: number;
  /** The log started over since the last poll (truncated, or another file under the name): offset 0 again. */
  reset: boolean;
  /** No more bytes will come (standard input closed). */
  ended: boolean;
}

export interface LogSource {
  /** Whether the log exists yet (a file not yet created has size 0). */
  poll(): Promise<Poll>;
  /** Bytes [from, from + max) of the log, fewer at its end. */
  read(from: number, max: number): Promise<Buffer>;
  /** The server has every byte before `offset`. */
  ack(offset: number): void;
  /** Identity of the followed file (device and inode), null for standard input or a missing file. */
  identity(): Promise<string | null>;
  close(): Promise<void>;
}

/** A file followed by name. */
export class FileSource implements LogSource {
  private fh: FileHandle | null = null;
  private ino: string | null = null;
  private size = 0;

  constructor(private readonly path: string) {}

  async identity(): Promise<string | null> {
    try {
      const s = await stat(this.path);
      return `${s.dev}:${s.ino}`;
    } catch {
      return null;
    }
  }

  async poll(): Promise<Poll> {
    let info;
    try {
      info = await stat(this.path);
    } catch {
      // Gone for now (being replaced): what was read stays.
      return { size: this.size, reset: false, ended: false };
    }
    const ino = `${info.dev}:${info.ino}`;
    let reset = false;
    if (this.ino !== null && ino !== this.ino) {
      reset = true;
      await this.fh?.close();
      this.fh = null;
    } else if (info.size < this.size) {
      reset = true;
    }
    this.ino = ino;
    this.size = info.size;
    return { size: info.size, reset, ended: false };
  }

  async read(from: number, max: number): Promise<Buffer> {
    this.fh ??= await open(this.path, 'r');
    const out = Buffer.alloc(Math.max(0, Math.min(max, this.size - from)));
    let at = 0;
    while (at < out.length) {
      const { bytesRead } = await this.fh.read(out, at, out.length - at, from + at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return out.subarray(0, at);
  }

  ack(): void {
    // the file keeps its bytes
  }

  async close(): Promise<void> {
    await this.fh?.close();
    this.fh = null;
  }
}

/** Standard input (or any stream): its bytes kept from the first not acknowledged one. */
export class StreamSource implements LogSource {
  private chunks: Buffer[] = [];
  /** Offset of the first kept byte. */
  private base = 0;
  private size = 0;
  private ended = false;

  constructor(stream: NodeJS.ReadableStream) {
    stream.on('data', (chunk: Buffer | string) => {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      this.chunks.push(b);
      this.size += b.length;
    });
    stream.on('end', () => {
      this.ended = true;
    });
    stream.on('error', () => {
      this.ended = true;
    });
  }

  identity(): Promise<string | null> {
    return Promise.resolve(null);
  }

  poll(): Promise<Poll> {
    return Promise.resolve({ size: this.size, reset: false, ended: this.ended });
  }

  read(from: number, max: number): Promise<Buffer> {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = all.length > 0 ? [all] : [];
    const start = Math.max(0, from - this.base);
    return Promise.resolve(Buffer.from(all.subarray(start, start + max)));
  }

  ack(offset: number): void {
    const drop = offset - this.base;
    if (drop <= 0) return;
    const all = Buffer.concat(this.chunks);
    this.chunks = [all.subarray(drop)];
    this.base = offset;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
