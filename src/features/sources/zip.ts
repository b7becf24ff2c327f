import { inflateRawSync } from "node:zlib";

/**
 * A bounded zip reader for DOCX and PPTX (both are zips). mammoth inflates the archive itself,
 * without a ceiling, so a zip bomb must be stopped before it is handed over: the central
 * directory's declared sizes are summed and refused past the limit, and every entry is inflated
 * here with zlib's `maxOutputLength`, so an entry that lies about its size cannot grow past it
 * either. What mammoth then inflates is exactly what was inflated here.
 */

export class UnsafeArchiveError extends Error {
  constructor(reason: string) {
    super(`unsafe archive: ${reason}`);
    this.name = "UnsafeArchiveError";
  }
}

export class NotAZipError extends Error {
  constructor() {
    super("not a zip archive");
    this.name = "NotAZipError";
  }
}

export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

/** The central directory's entries, as declared (nothing inflated). */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL) throw new NotAZipError();
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new NotAZipError();
  const count = bytes.readUInt16LE(eocd + 10);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  // Zip64 (0xFFFF entries, 0xFFFFFFFF offsets) is never needed by an office document under our size limit.
  if (count === 0xffff || cdOffset === 0xffffffff) throw new UnsafeArchiveError("zip64");
  if (count > MAX_ENTRIES) throw new UnsafeArchiveError("too many entries");
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new NotAZipError();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Every entry inflated, the total bounded by `maxInflated` (declared first, then actual): a map
 * of name → bytes. Throws UnsafeArchiveError past the bound, or when an entry's inflated size
 * is not the size it declared.
 */
export function readZip(bytes: Buffer, maxInflated: number): Map<string, Buffer> {
  const entries = zipEntries(bytes);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > maxInflated) throw new UnsafeArchiveError("declared size over the limit");
  const files = new Map<string, Buffer>();
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    const at = entry.offset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new NotAZipError();
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const data = bytes.subarray(start, start + entry.compressedSize);
    let content: Buffer;
    if (entry.method === 0) content = Buffer.from(data);
    else if (entry.method === 8) {
      try {
        // One byte over its declared size, or over what is left of the whole: reaching it means
        // the entry lied about its size or grew past the allowance.
        content = inflateRawSync(data, { maxOutputLength: Math.min(entry.size, maxInflated - total) + 1 });
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
          throw new UnsafeArchiveError("inflates past the limit");
        throw new NotAZipError();
      }
    } else throw new UnsafeArchiveError(`compression method ${entry.method}`);
    if (content.length !== entry.size) throw new UnsafeArchiveError("entry size differs from its declaration");
    total += content.length;
    if (total > maxInflated) throw new UnsafeArchiveError("inflates past the limit");
    files.set(entry.name, content);
  }
  return files;
}
